// The hosted pages' frame and look, in the site's brand (decision 148): its name, icon and primary
// colour from the CMS, and the look of the SPA's Mantine theme (its font stack, radius, greys and
// filled buttons). The style is two fixed blocks, the sheet and the brand's colours, each allowed by
// its hash, so the Content-Security-Policy forbids every inline script and every other style.
import { createHash } from 'node:crypto';
import type { Locale } from '../../domain/localized.ts';
import type { SiteBrand } from '../site/brand.ts';
import { escapeHtml } from '../text/html.ts';
import type { SandboxMessages } from './sandbox-messages.ts';

/** The SPA's font stack (src/app/theme.ts): the system's own face, nothing to download. */
export const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

// Mantine's greys (gray 0, 2, 3, 4, 7, 9), its md radius and its input and button heights.
const STYLE = `*{box-sizing:border-box}
body{margin:0;font-family:${FONT_STACK};font-size:1rem;line-height:1.55;color:#212529;background:#f8f9fa;-webkit-text-size-adjust:100%}
a{color:var(--brand-hover)}a:hover{text-decoration-thickness:2px}
.top{background:#fff;border-bottom:1px solid #dee2e6}
.bar{max-width:62rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.75rem}
.brand{display:flex;align-items:center;gap:.625rem;font-weight:700;font-size:1.125rem;line-height:1.3;color:#212529;text-decoration:none;min-width:0;flex:1 1 auto}
.brand img{width:2rem;height:2rem;border-radius:.5rem;flex:none}
.badge{flex:none;display:inline-flex;align-items:center;padding:.125rem .625rem;border-radius:1rem;background:#ffe8cc;color:#862e00;font-size:.75rem;font-weight:700;letter-spacing:.03em;text-transform:uppercase;white-space:nowrap}
main{max-width:62rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.625rem;line-height:1.25;margin:0 0 1.25rem}
h2{font-size:1.125rem;line-height:1.3;margin:0 0 .75rem}
.grid{display:grid;gap:1.25rem;align-items:start}
@media (min-width:48em){.grid{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}h1{font-size:2rem}}
.card{background:#fff;border:1px solid #dee2e6;border-radius:.5rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}
.card+.card{margin-top:1.25rem}.grid>.card{margin-top:0}
.due{font-size:2.25rem;font-weight:700;line-height:1.2;margin:0 0 1rem;font-variant-numeric:tabular-nums}
table{width:100%;border-collapse:collapse}
td,th{text-align:left;vertical-align:top;padding:.625rem 0;border-bottom:1px solid #e9ecef;font-weight:400}
td+td,th+th{padding-left:1rem}
table.payments button{min-height:2.25rem;padding:.375rem .75rem}
@media (max-width:30rem){table.payments td+td{padding-left:.5rem}}
.amount{text-align:right;font-variant-numeric:tabular-nums}
tr.total th{font-weight:700;border-bottom:0;padding-top:.875rem}
small,.dim{color:#495057;font-size:.875rem}
p{margin:.75rem 0}
.note{background:#fff9db;border:1px solid #ffec99;padding:.625rem .875rem;border-radius:.5rem;font-size:.875rem}
.error{background:#fff5f5;border:1px solid #ffc9c9;color:#c92a2a;padding:.625rem .875rem;border-radius:.5rem}
label{display:block;margin:.875rem 0 .25rem;font-weight:500;font-size:.875rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
input{font:inherit;font-size:1rem;height:2.625rem;padding:0 .75rem;width:100%;border:1px solid #ced4da;border-radius:.5rem;background:#fff;color:#212529}
input:focus{outline:2px solid var(--brand);outline-offset:1px;border-color:var(--brand)}
input[type=radio],input[type=checkbox]{width:1rem;height:1rem;padding:0;margin:0 .5rem 0 0;vertical-align:-.125rem;accent-color:var(--brand)}
fieldset{border:1px solid #dee2e6;border-radius:.5rem;margin:.75rem 0;padding:.25rem .875rem .875rem;min-width:0}
legend{font-weight:600;padding:0 .25rem}
fieldset>label{font-weight:400;font-size:1rem}
textarea{font:inherit;width:100%;padding:.5rem .75rem;border:1px solid #ced4da;border-radius:.5rem}
.cards{display:flex;gap:.375rem;margin:.25rem 0 0}
.cards svg{display:block}
button{font:inherit;font-weight:600;font-size:1rem;min-height:2.625rem;padding:.5rem 1.25rem;border-radius:.5rem;border:1px solid #ced4da;background:#fff;color:#212529;cursor:pointer}
button:hover{background:#f8f9fa}
button:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
button.primary{background:var(--brand);border-color:var(--brand);color:#fff}
button.primary:hover{background:var(--brand-hover);border-color:var(--brand-hover)}
button.wide{width:100%;margin-top:1.25rem}
button.wallet{width:100%;background:#212529;border-color:#212529;color:#fff}
button.wallet:hover{background:#343a40}
.or{display:flex;align-items:center;gap:.75rem;margin:1rem 0 0;color:#495057;font-size:.875rem}
.or::before,.or::after{content:"";flex:1;border-top:1px solid #dee2e6}
.secure{display:flex;gap:.5rem;align-items:flex-start;margin:1rem 0 0;color:#495057;font-size:.875rem}
.secure svg{flex:none;margin-top:.15rem}
.back{margin-top:1.25rem}
ul.subs{list-style:none;margin:0;padding:0}
ul.subs>li+li{margin-top:1.25rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}
.actions form{margin:0}
details{margin-top:.75rem}summary{cursor:pointer;color:var(--brand-hover);font-weight:500}
.status{display:inline-block;padding:0 .5rem;border-radius:1rem;background:var(--brand-light);color:var(--brand-hover);font-size:.8125rem;font-weight:600}`;

const hashOf = (style: string) => createHash('sha256').update(style).digest('base64');
const STYLE_HASH = hashOf(STYLE);

/** The brand's colours as CSS variables: the only part of the style that differs per site. */
export function brandStyle(brand: SiteBrand): string {
  const { filled, hover, light } = brand.palette;
  return `:root{--brand:${filled};--brand-hover:${hover};--brand-light:${light}}`;
}

/**
 * The page may only submit its form to this API and be redirected to the site; it shows the icon from
 * the site or from Sanity's CDN, and its two style blocks.
 */
export function hostedPagePolicy(publicUrl: string, brand: SiteBrand): string {
  const site = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}' 'sha256-${hashOf(brandStyle(brand))}'`,
    `img-src 'self' ${site} https://cdn.sanity.io`,
    `form-action 'self' ${site}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
}

type Part = Html | string | number | null | undefined | false | Html[];

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  const render = (p: Part): string => {
    if (p === null || p === undefined || p === false) return '';
    if (Array.isArray(p)) return p.map(render).join('');
    if (p instanceof Html) return p.value;
    return escapeHtml(String(p));
  };
  return new Html(strings.reduce((out, s, i) => out + s + (i < parts.length ? render(parts[i]) : ''), ''));
}

// Drawn here, as Stripe's page shows them: the networks the sandbox's test cards belong to.
export const CARD_LOGOS = new Html(
  [
    '<svg role="img" aria-label="Visa" width="38" height="24" viewBox="0 0 38 24"><rect x=".5" y=".5" width="37" height="23" rx="3.5" fill="#fff" stroke="#ced4da"/><text x="19" y="16" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="11" font-style="italic" font-weight="700" fill="#1a1f71">VISA</text></svg>',
    '<svg role="img" aria-label="Mastercard" width="38" height="24" viewBox="0 0 38 24"><rect x=".5" y=".5" width="37" height="23" rx="3.5" fill="#fff" stroke="#ced4da"/><circle cx="15" cy="12" r="7" fill="#eb001b"/><circle cx="23" cy="12" r="7" fill="#f79e1b"/><path fill="#ff5f00" d="M19 6.3a7 7 0 0 1 0 11.4a7 7 0 0 1 0-11.4z"/></svg>',
    '<svg role="img" aria-label="American Express" width="38" height="24" viewBox="0 0 38 24"><rect width="38" height="24" rx="4" fill="#1f72cd"/><text x="19" y="15.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="8.5" font-weight="700" fill="#fff">AMEX</text></svg>',
  ].join(''),
);

export const LOCK = new Html(
  '<svg aria-hidden="true" width="14" height="16" viewBox="0 0 14 16"><path fill="#495057" d="M3 6V4.5a4 4 0 0 1 8 0V6h.5A1.5 1.5 0 0 1 13 7.5v6a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 1 13.5v-6A1.5 1.5 0 0 1 2.5 6zm1.8 0h4.4V4.5a2.2 2.2 0 0 0-4.4 0z"/></svg>',
);

export interface PageFrame {
  locale: Locale;
  brand: SiteBrand;
  /** Where the site's name leads back to: the site. */
  siteUrl: string;
  t: SandboxMessages;
}

export function document(frame: PageFrame, title: string, body: Html): string {
  const { locale, brand, t } = frame;
  return html`<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${brand.name}</title><meta name="theme-color" content="${brand.palette.filled}">
<style>${new Html(STYLE)}</style><style>${new Html(brandStyle(brand))}</style></head>
<body><header class="top"><div class="bar"><a class="brand" href="${frame.siteUrl}">${
    brand.iconUrl ? html`<img src="${brand.iconUrl}" alt="" width="32" height="32">` : null
  }<span id="site-name">${brand.name}</span></a><span class="badge">${t.testModeBadge}</span></div></header>
<main><h1>${title}</h1>${body}</main></body>
</html>`.value;
}
