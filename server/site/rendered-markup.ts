// The markup of a page the server rendered (decision 118), made fit for the shell's strict
// Content-Security-Policy and for a cache shared by every response.
import { randomBytes } from 'node:crypto';
import type { RenderedPage } from '../../domain/rendered-page.ts';
import { RENDERED_PAGE_ELEMENT_ID } from '../../domain/rendered-page.ts';
import { escapeHtml } from '../text/html.ts';
import { jsonForScript } from './shell.ts';

/**
 * What a rendered page carries where each response's nonce goes. The page is kept once for every
 * response, so it holds this slot (its shell's nonce too), and each response writes its own in.
 */
export const NONCE_SLOT = 'rendered-page-nonce';
/** How long each response's nonce is (newNonce's), which the kept page's gzip is prepared for. */
export const NONCE_LENGTH = 24;

const NONCE_BYTES = 16;
/** Random bytes for this many nonces are asked for at once: one call each cost 6% of a page's time. */
const NONCES_PER_DRAW = 256;
let pool = Buffer.alloc(0);
let drawn = 0;

/** A response's style nonce: 16 random bytes in base64, NONCE_LENGTH characters, each used once. */
export function newNonce(): string {
  if (drawn >= pool.length) {
    pool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    drawn = 0;
  }
  drawn += NONCE_BYTES;
  return pool.toString('base64', drawn - NONCE_BYTES, drawn);
}

const ROOT = '<div id="root"></div>';
const STYLE_ATTRIBUTE = / style="([^"]*)"/g;
const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

/**
 * React writes a component's inline styles (Mantine's style props: a height, a width) as style
 * attributes, which the policy refuses in markup: no nonce can cover an attribute. Each is turned
 * into a rule of a style element that carries the nonce, keyed by an attribute on the element. The
 * rule's `#root` outweighs the components' class rules as the attribute did; the browser's own
 * rendering sets later styles through the CSSOM, which the policy allows, and those win over it.
 */
export function styleAttributesToRules(html: string): {
  html: string;
  css: string;
} {
  const ids = new Map<string, number>();
  const out = html.replace(STYLE_ATTRIBUTE, (_match, value: string) => {
    const declarations = value.replace(/&(?:quot|#x27|#39|lt|gt|amp);/g, (e) => ATTRIBUTE_ENTITIES[e] ?? e);
    let id = ids.get(declarations);
    if (id === undefined) {
      id = ids.size;
      ids.set(declarations, id);
    }
    return ` data-rendered-style="${id}"`;
  });
  const css = [...ids]
    // Nothing in a rule may end its style element; such a declaration (never a component's) is dropped.
    .filter(([declarations]) => !declarations.includes('<'))
    .map(([declarations, id]) => `#root [data-rendered-style="${id}"]{${declarations}}`)
    .join('');
  return { html: out, css };
}

/**
 * The style elements the page renders (Mantine's CSS variables and responsive props) given the
 * nonce's slot. The browser's render gives them the nonce the shell names; React does not compare
 * attributes when it hydrates, so the two need not be written alike.
 */
export function withNonceSlots(html: string): string {
  return html.replace(/<style(?=[\s>])(?![^>]*\snonce=)/g, () => `<style nonce="${NONCE_SLOT}"`);
}

/**
 * The shell's root with the page in it, its styles before it and its data after it. `files` are
 * what the page needs beyond the first load that the shell does not ask for already (Home's prices).
 */
export function renderedMarkup(page: RenderedPage, files: string[]): string {
  const { html, css } = styleAttributesToRules(withNonceSlots(page.html));
  return [
    css ? `<style nonce="${NONCE_SLOT}">${css}</style>` : '',
    ...files.map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`
        : `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
    ),
    `<div id="root">${html}</div>`,
    `<script type="application/json" id="${RENDERED_PAGE_ELEMENT_ID}">${jsonForScript(page.data)}</script>`,
  ].join('');
}

/**
 * A rendered page paints from its markup and its stylesheet; its scripts only hydrate it. Asked for
 * with the page, even at low priority, they shared a slow network with the stylesheet and the
 * pictures and ran before the first paint (decision 126). The page names one small module instead,
 * `loader` (src/hydration/start.ts), which asks for the entry and its modules once the page has
 * painted: the shell's module script and every module preload of the page become its data.
 */
export function scriptsAfterPaint(page: string, loader: string): string {
  const modules: string[] = [];
  return (
    page
      .replaceAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
        modules.push(href);
        return '';
      })
      // Every module preload is gathered by now: the replacement above ran over the whole page.
      .replace(
        /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/,
        (_tag, entry: string) =>
          `<script type="module" fetchpriority="low" crossorigin src="/${escapeHtml(loader)}" data-entry="${entry}" data-modules="${modules.join(' ')}"></script>`,
      )
  );
}

/**
 * Holds the first frame until the page's data block, which follows its root, is parsed: until the
 * whole page is there. A browser paints what it has parsed whenever the parser yields (its time
 * slice is over, the network has nothing more yet), and a short page's footer, held at the bottom of
 * the screen by the page's full height, then grew upward as the rest of it came in: on /support it
 * moved 148 px (Lighthouse's CLS 0.053 on mobile). The markup is a few kilobytes, so the first frame
 * waits for little; a browser that does not know `rel="expect"` paints as before.
 */
export const WHOLE_PAGE_FIRST = `<link rel="expect" href="#${RENDERED_PAGE_ELEMENT_ID}" blocking="render" />`;

/**
 * The shell with the rendered markup in its root, or null when the shell has no root to fill. The
 * nonce's slots stay: the page is kept below the nonce (server/site/spliced-page.ts).
 */
export function intoShell(shell: string, markup: string, locale: string, loader: string): string | null {
  if (!shell.includes(ROOT)) return null;
  // A function, so no `$` in the page's text is read as a replacement pattern.
  return scriptsAfterPaint(
    shell
      .replace('</head>', () => `${WHOLE_PAGE_FIRST}</head>`)
      .replace(ROOT, () => markup)
      .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(locale)}"`),
    loader,
  );
}
