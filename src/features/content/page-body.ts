// The page name is the page's one h1. Trainers often open the body with the same words as a heading
// (the CMS shows the body on its own while they write it), so that heading is not shown twice.
import type { Locale } from '../../../domain/localized.ts';
import type { ContentPage } from './content-page.queries.ts';

type Block = ContentPage['body'][number];

const HEADING = /^h[1-6]$/;

function plainText(block: Block): string {
  const children = Array.isArray(block.children) ? (block.children as Array<{ text?: unknown }>) : [];
  return children.map((child) => (typeof child.text === 'string' ? child.text : '')).join('');
}

// NFC as well: a name typed in one field and a heading pasted in another may spell "é" differently.
const comparable = (text: string, locale: Locale) => text.normalize('NFC').trim().toLocaleLowerCase(locale);

/** The body without its first block when that block is a heading repeating the page name. */
export function bodyBelowName(body: Block[], pageName: string, locale: Locale): Block[] {
  const [first, ...rest] = body;
  if (
    first?._type === 'block' &&
    typeof first.style === 'string' &&
    HEADING.test(first.style) &&
    comparable(plainText(first), locale) === comparable(pageName, locale)
  ) {
    return rest;
  }
  return body;
}
