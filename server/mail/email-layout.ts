// The HTML part of every email, in the site's brand, drawn with React Email's components (decision
// 149): their tables and inline styles are what mail clients (Outlook's Word engine, Gmail) lay out
// the same way. The server runs its TypeScript without a JSX step, so the elements are built with
// createElement. The plain-text part is written beside it (templates.ts) with the same words.
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import type { Locale } from '../../domain/localized.ts';
import { rasterIcon, type SiteBrand } from '../site/brand.ts';

/** What an email says, in the order the plain-text part says it. */
export interface EmailContent {
  greeting: string;
  body: string;
  details: string[];
  button: { label: string; url: string };
  /** A second, lesser link (the invoice's PDF beside the receipt's way to the purchases). */
  more?: { label: string; url: string };
  footer: string;
}

// The SPA's system font stack; mail clients have no web font to fetch.
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const TEXT = '#212529';
const DIM = '#495057';
const PAGE = '#f1f3f5';

/**
 * Dark mode: the clients that honour `prefers-color-scheme` (Apple Mail, iOS) get dark surfaces and
 * light text; the button keeps the brand's colour under white text, which reads on both. Clients that
 * invert colours themselves (Gmail's apps, Outlook) only see explicit colours on every element, so
 * no text is left dark on a background they turned dark.
 */
const DARK = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.page{background-color:#1a1b1e !important}
.card{background-color:#25262b !important;border-color:#373a40 !important}
.text{color:#e9ecef !important}
.dim{color:#c1c2c5 !important}
.link{color:#a5d8ff !important}
}`;

function header(brand: SiteBrand): ReactNode {
  const name = h(
    Text,
    {
      className: 'text',
      style: { margin: 0, fontSize: '18px', lineHeight: '24px', fontWeight: 700, color: TEXT },
    },
    brand.name,
  );
  if (!brand.iconUrl) return h(Section, { style: { padding: '24px 0 16px' } }, name);
  return h(
    Section,
    { style: { padding: '24px 0 16px' } },
    h(
      Row,
      null,
      h(
        Column,
        { style: { width: '48px', verticalAlign: 'middle' } },
        h(Img, {
          src: rasterIcon(brand.iconUrl) ?? brand.iconUrl,
          alt: '',
          width: 40,
          height: 40,
          style: { borderRadius: '8px', display: 'block' },
        }),
      ),
      h(Column, { style: { verticalAlign: 'middle' } }, name),
    ),
  );
}

const paragraph = (text: string, extra: Record<string, string | number> = {}) =>
  h(
    Text,
    {
      className: 'text',
      style: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: TEXT, ...extra },
    },
    text,
  );

function email(content: EmailContent, brand: SiteBrand, locale: Locale): ReactNode {
  const { filled } = brand.palette;
  return h(
    Html,
    { lang: locale, dir: 'ltr' },
    h(
      Head,
      null,
      // A phone's mail app lays the email out at its own width, not at a desktop page's.
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('style', null, DARK),
    ),
    h(Preview, null, content.body),
    h(
      Body,
      { className: 'page', style: { margin: 0, backgroundColor: PAGE, fontFamily: FONT } },
      h(
        Container,
        { style: { maxWidth: '560px', padding: '0 16px' } },
        header(brand),
        h(
          Section,
          {
            className: 'card',
            style: {
              backgroundColor: '#ffffff',
              border: '1px solid #dee2e6',
              borderTop: `4px solid ${filled}`,
              borderRadius: '8px',
              padding: '32px 28px',
            },
          },
          paragraph(content.greeting),
          paragraph(content.body),
          ...(content.details.length
            ? [
                h(
                  Section,
                  { style: { margin: '0 0 8px' } },
                  ...content.details.map((detail) =>
                    paragraph(detail, { margin: '0 0 6px', fontSize: '15px' }),
                  ),
                ),
              ]
            : []),
          h(
            Section,
            { style: { padding: '16px 0 8px' } },
            h(
              Button,
              {
                href: content.button.url,
                style: {
                  backgroundColor: filled,
                  color: '#ffffff',
                  fontSize: '16px',
                  fontWeight: 600,
                  lineHeight: '24px',
                  borderRadius: '8px',
                  padding: '12px 24px',
                  textDecoration: 'none',
                  display: 'inline-block',
                },
              },
              content.button.label,
            ),
          ),
          // The address itself, for a client that shows no button or a reader who copies it.
          h(
            Text,
            {
              className: 'dim',
              style: {
                margin: '8px 0 24px',
                fontSize: '13px',
                lineHeight: '20px',
                color: DIM,
                wordBreak: 'break-all',
              },
            },
            h(
              Link,
              {
                href: content.button.url,
                className: 'link',
                style: { color: brand.palette.hover, textDecoration: 'underline' },
              },
              content.button.url,
            ),
          ),
          ...(content.more
            ? [
                h(
                  Text,
                  { style: { margin: '0 0 24px', fontSize: '15px', lineHeight: '22px' } },
                  h(
                    Link,
                    {
                      href: content.more.url,
                      className: 'link',
                      style: { color: brand.palette.hover, textDecoration: 'underline' },
                    },
                    content.more.label,
                  ),
                ),
              ]
            : []),
          h(Hr, { style: { borderColor: '#dee2e6', margin: '0 0 16px' } }),
          h(
            Text,
            { className: 'dim', style: { margin: 0, fontSize: '14px', lineHeight: '22px', color: DIM } },
            content.footer,
          ),
        ),
        h(
          Text,
          {
            className: 'dim',
            style: {
              margin: '16px 0 32px',
              fontSize: '13px',
              lineHeight: '20px',
              color: DIM,
              textAlign: 'center',
            },
          },
          brand.name,
        ),
      ),
    ),
  );
}

/** The email's HTML part in the brand. */
export function renderEmailHtml(content: EmailContent, brand: SiteBrand, locale: Locale): Promise<string> {
  return render(email(content, brand, locale));
}
