// Plain HTML pages with no script at all, in the site's brand (decision 148): its name, icon and
// primary colour from the CMS, and the look of the SPA's Mantine theme (its font stack, radius,
// greys and filled buttons). The style is two fixed blocks, the sheet and the brand's colours, each
// allowed by its hash, so the Content-Security-Policy forbids every inline script and every other style.
import { createHash } from 'node:crypto';
import { datesInUtc, recurringAmount, schedulePhrase } from '../../domain/billing/billing-text.ts';
import { formatBillingDate, formatBillingTime } from '../../domain/billing/calendar.ts';
import { moneyFormatFor } from '../../domain/billing/currency.ts';
import { periodEnd } from '../../domain/billing/period-end.ts';
import type { ChargeSchedule, CheckoutQuote } from '../../domain/billing/subscriptions.ts';
import type { Locale } from '../../domain/localized.ts';
import type { PlanChangeOffer } from '../payments/billing-quotes.ts';
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
.cards{display:flex;gap:.375rem;margin:.25rem 0 0}
.cards svg{display:block}
button{font:inherit;font-weight:600;font-size:1rem;min-height:2.625rem;padding:.5rem 1.25rem;border-radius:.5rem;border:1px solid #ced4da;background:#fff;color:#212529;cursor:pointer}
button:hover{background:#f8f9fa}
button:focus-visible{outline:2px solid var(--brand);outline-offset:2px}
button.primary{background:var(--brand);border-color:var(--brand);color:#fff}
button.primary:hover{background:var(--brand-hover);border-color:var(--brand-hover)}
button.wide{width:100%;margin-top:1.25rem}
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
const CARD_LOGOS = new Html(
  [
    '<svg role="img" aria-label="Visa" width="38" height="24" viewBox="0 0 38 24"><rect x=".5" y=".5" width="37" height="23" rx="3.5" fill="#fff" stroke="#ced4da"/><text x="19" y="16" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="11" font-style="italic" font-weight="700" fill="#1a1f71">VISA</text></svg>',
    '<svg role="img" aria-label="Mastercard" width="38" height="24" viewBox="0 0 38 24"><rect x=".5" y=".5" width="37" height="23" rx="3.5" fill="#fff" stroke="#ced4da"/><circle cx="15" cy="12" r="7" fill="#eb001b"/><circle cx="23" cy="12" r="7" fill="#f79e1b"/><path fill="#ff5f00" d="M19 6.3a7 7 0 0 1 0 11.4a7 7 0 0 1 0-11.4z"/></svg>',
    '<svg role="img" aria-label="American Express" width="38" height="24" viewBox="0 0 38 24"><rect width="38" height="24" rx="4" fill="#1f72cd"/><text x="19" y="15.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="8.5" font-weight="700" fill="#fff">AMEX</text></svg>',
  ].join(''),
);

const LOCK = new Html(
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

export interface CheckoutView extends PageFrame {
  action: string;
  cancelUrl: string;
  quote: CheckoutQuote;
  /** Each price's name in the member's language. */
  names: Map<string, string>;
  couponCode: string | null;
  /** The promise this page makes, carried by its form. */
  digest: string;
  error?: string | undefined;
}

/** The quote's figures, for a script or a test to read what the member was shown. */
function figures(
  amount: number,
  currency: string,
  next: { at: Date; amount: number } | null | undefined,
): Html {
  return html` data-amount="${amount}" data-currency="${currency}"${
    next ? html` data-next-amount="${next.amount}" data-next-at="${next.at.toISOString()}"` : null
  }`;
}

/** Every amount a schedule states, so they are formatted with the figures beside them. */
function scheduleAmounts(schedule: ChargeSchedule): number[] {
  return [
    schedule.regular,
    ...(schedule.next ? [schedule.next.amount] : []),
    ...(schedule.discounted ? [schedule.discounted.amount] : []),
  ];
}

/** The secure-payment cue under a pay button, as Stripe's page shows it. */
const secureNote = (t: SandboxMessages) => html`<p class="secure">${LOCK}<span>${t.secure}</span></p>`;

export function checkoutPage(v: CheckoutView): string {
  const { t, locale, quote } = v;
  const { currency } = quote;
  const schedule = quote.subscription?.schedule;
  // One format for every figure on the page: '$0.00' beside '$249.99', never '$0'.
  const money = moneyFormatFor(
    [
      ...quote.lines.map((l) => l.price.amount),
      quote.discount,
      quote.dueToday,
      ...(schedule ? scheduleAmounts(schedule) : []),
    ],
    currency,
    locale,
  );
  const rows = quote.lines.map(
    (l) =>
      html`<tr><td>${v.names.get(l.price.id) ?? l.price.id}</td><td class="amount">${recurringAmount(l.price.amount, l.price, locale, money)}</td></tr>`,
  );
  return document(
    v,
    t.checkoutTitle,
    html`<div class="grid">
<section class="card" aria-labelledby="summary-title"><h2 id="summary-title">${t.orderSummary}</h2>
<p class="due">${money(quote.dueToday)}</p>
<table><thead><tr><th>${t.item}</th><th class="amount">${t.price}</th></tr></thead><tbody>${rows}
${
  v.couponCode && quote.discount > 0
    ? html`<tr><td>${t.discount(v.couponCode)}</td><td class="amount">−${money(quote.discount)}</td></tr>`
    : null
}
${quote.trialDays > 0 ? html`<tr><td colspan="2">${t.trial(quote.trialDays)}</td></tr>` : null}
<tr class="total"><th>${t.totalToday}</th><th class="amount" id="total"${figures(quote.dueToday, currency, schedule?.next)}>${money(quote.dueToday)}</th></tr></tbody></table>
${schedule ? html`<p id="then">${schedulePhrase(schedule, locale, undefined, money)}</p><p><small>${datesInUtc(locale)}</small></p>` : null}
</section>
<section class="card" aria-labelledby="pay-title"><h2 id="pay-title">${t.payByCard}</h2>
<p class="note">${t.testMode}</p>
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
<form method="post" action="${v.action}">
${hidden('promise', v.digest)}
${cardFields(t, '')}
<button type="submit" class="primary wide">${quote.trialDays > 0 ? t.startTrial : `${t.pay} ${money(quote.dueToday)}`}</button>
</form>
${secureNote(t)}
</section>
</div>
<p class="back"><a href="${v.cancelUrl}">${t.cancel}</a></p>`,
  );
}

export function messagePage(
  frame: PageFrame,
  title: string,
  message: string,
  link?: { href: string; label: string },
): string {
  return document(
    frame,
    title,
    html`<div class="card"><p class="error" role="alert">${message}</p>${link ? html`<p class="back"><a href="${link.href}">${link.label}</a></p>` : null}</div>`,
  );
}

export interface PortalView extends PageFrame {
  action: string;
  returnUrl: string;
  /** The member's sandbox time (moved by the test clock). */
  now: Date;
  error?: string | undefined;
  subscriptions: {
    id: string;
    name: string;
    status: string;
    currentPeriodEnd: Date;
    trialEnd: Date | null;
    cancelAtPeriodEnd: boolean;
    /** The plan scheduled for the renewal, named. */
    scheduledName: string | null;
    paymentMethod: string | null;
  }[];
  charges: {
    id: string;
    description: string;
    amount: number;
    currency: string;
    createdAt: Date;
    refunded: boolean;
  }[];
}

const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

function cardFields(t: SandboxMessages, prefix: string): Html {
  return html`<label for="${prefix}number">${t.cardNumber}</label><input id="${prefix}number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" aria-describedby="${prefix}cards">
<div class="cards" id="${prefix}cards" role="group" aria-label="${t.acceptedCards}">${CARD_LOGOS}</div>
<div class="row"><div><label for="${prefix}expiry">${t.expiry}</label><input id="${prefix}expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="${t.expiryPlaceholder}"></div>
<div><label for="${prefix}cvc">${t.cvc}</label><input id="${prefix}cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>`;
}

export function portalPage(v: PortalView): string {
  const { t, locale } = v;
  const items = v.subscriptions.map((s) => {
    const live = s.status !== 'canceled';
    const end = periodEnd({ cancelAtPeriodEnd: s.cancelAtPeriodEnd, scheduled: s.scheduledName });
    const form = (action: string, label: string, primary = false) =>
      html`<form method="post" action="${v.action}">${hidden('action', action)}${hidden('subscription', s.id)}<button type="submit"${primary ? html` class="primary"` : null}>${label}</button></form>`;
    const when =
      end.kind === 'ends'
        ? t.endsOn(formatBillingDate(s.currentPeriodEnd, locale))
        : s.status === 'trialing' && s.trialEnd
          ? t.trialEndsOn(formatBillingDate(s.trialEnd, locale))
          : s.status === 'trialing' || s.status === 'active'
            ? t.renewsOn(formatBillingDate(s.currentPeriodEnd, locale))
            : '';
    return html`<li><strong>${s.name}</strong>: <span class="status">${t.status[s.status] ?? s.status}</span>. ${when}
${end.kind === 'changes' ? html`<br>${t.changesTo(end.to, formatBillingDate(s.currentPeriodEnd, locale))}` : null}
${s.paymentMethod && live ? html`<br><span class="dim">${t.paidWith(s.paymentMethod)}</span>` : null}
<div class="actions">
${live && end.kind === 'changes' ? form('keep', t.keepCurrentPlan(s.name), true) : null}
${live && end.kind === 'ends' ? form('keep', t.renew, true) : null}
${live && end.kind !== 'ends' ? form('cancel', t.cancelAtPeriodEnd) : null}
</div>
${
  live
    ? html`<details${s.status === 'past_due' ? html` open` : null}><summary>${t.updateCard}</summary><form method="post" action="${v.action}">${hidden('action', 'card')}${hidden('subscription', s.id)}${cardFields(t, `${s.id}-`)}<button type="submit" class="primary wide">${t.saveCard}</button></form>${secureNote(t)}</details>`
    : null
}</li>`;
  });
  const charges = v.charges.map((c) => {
    // The payments column in one format: '$220.00' under '$249.99'.
    const money = moneyFormatFor(
      v.charges.filter((o) => o.currency === c.currency).map((o) => o.amount),
      c.currency,
      locale,
    );
    return html`<tr><td>${c.description}<br><small>${formatBillingDate(c.createdAt, locale)}</small></td><td class="amount">${money(c.amount)}</td><td class="amount">${
      c.refunded
        ? t.refunded
        : html`<form method="post" action="${v.action}">${hidden('action', 'refund')}${hidden('charge', c.id)}<button type="submit">${t.refund}</button></form>`
    }</td></tr>`;
  });
  const clock = ['day', 'week', 'month', 'year'].map(
    (by) =>
      html`<form method="post" action="${v.action}">${hidden('action', 'clock')}${hidden('by', by)}<button type="submit">${t.advance[by] ?? by}</button></form>`,
  );
  return document(
    v,
    t.portalTitle,
    html`${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
<section class="card">${items.length ? html`<ul class="subs">${items}</ul>` : html`<p>${t.noSubscriptions}</p>`}</section>
<section class="card" aria-labelledby="payments-title"><h2 id="payments-title">${t.payments}</h2>
${charges.length ? html`<table><tbody>${charges}</tbody></table>` : html`<p>${t.noPayments}</p>`}
<p><small>${datesInUtc(locale)}</small></p></section>
<section class="card" aria-labelledby="clock-title"><h2 id="clock-title">${t.testClock}</h2>
<p class="note">${t.testClockNote(formatBillingDate(v.now, locale))}</p>
<div class="actions">${clock}</div></section>
<p class="back"><a href="${v.returnUrl}">${t.backToSite}</a></p>`,
  );
}

export interface ChangeView extends PageFrame {
  action: string;
  cancelUrl: string;
  offer: PlanChangeOffer;
  card: string | null;
  /** The promise this page makes, carried by its form. */
  digest: string;
  error?: string | undefined;
}

export function changePage(v: ChangeView): string {
  const { t, locale } = v;
  const { quote } = v.offer;
  // One format for every figure on the page: '$220.00' under '$249.99', never '$220'.
  const money = moneyFormatFor(
    [
      quote.from.amount,
      quote.to.amount,
      quote.dueToday,
      ...(quote.kind === 'now' ? [quote.newPlanCharge, quote.credit] : []),
      ...scheduleAmounts(quote.schedule),
    ],
    quote.currency,
    locale,
  );
  const day = (d: Date) => formatBillingDate(d, locale);
  const validUntil = formatBillingTime(quote.validUntil, locale);
  return document(
    v,
    t.changeTitle,
    html`<div class="grid">
<section class="card" aria-labelledby="summary-title"><h2 id="summary-title">${t.orderSummary}</h2>
<p class="due">${money(quote.dueToday)}</p>
<table><tbody>
<tr><td>${t.currentPlan}</td><td class="amount">${v.offer.fromName}<br>${recurringAmount(quote.from.amount, quote.from, locale, money)}</td></tr>
<tr><td>${t.newPlan}</td><td class="amount" id="new-plan">${v.offer.toName}<br>${recurringAmount(quote.to.amount, quote.to, locale, money)}</td></tr>
${
  quote.kind === 'now'
    ? html`<tr><td>${t.newPlanCharge}</td><td class="amount" id="new-plan-charge" data-amount="${quote.newPlanCharge}">${money(quote.newPlanCharge)}</td></tr>
<tr><td>${t.unusedCredit}</td><td class="amount" id="credit" data-amount="${quote.credit}">−${money(quote.credit)}</td></tr>`
    : null
}
<tr class="total"><th>${t.totalToday}</th><th class="amount" id="total"${figures(quote.dueToday, quote.currency, quote.schedule.next)}>${money(quote.dueToday)}</th></tr>
</tbody></table>
</section>
<section class="card" aria-labelledby="pay-title"><h2 id="pay-title">${t.confirmChange}</h2>
<p class="note">${t.testMode}</p>
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
${quote.kind === 'atRenewal' ? html`<p>${t.changeOn(day(quote.effectiveAt))}</p>` : null}
${quote.kind === 'inTrial' ? html`<p>${t.changeInTrial(day(v.offer.quote.after.periodEnd))}</p>` : null}
${quote.renewsInsteadOfEnding ? html`<p id="renews">${t.renewsInsteadOfEnding(day(v.offer.quote.after.periodEnd))}</p>` : null}
<p id="next-renewal">${schedulePhrase(quote.schedule, locale, undefined, money)}</p>
<p><small>${t.quoteStands(validUntil)} ${datesInUtc(locale)}</small></p>
${v.card && quote.dueToday > 0 ? html`<p>${t.paidWith(v.card)}</p>` : null}
<form method="post" action="${v.action}">${hidden('promise', v.digest)}<button type="submit" class="primary wide">${quote.dueToday > 0 ? `${t.confirmAndPay} ${money(quote.dueToday)}` : t.confirmChange}</button></form>
${quote.dueToday > 0 ? secureNote(t) : null}
</section>
</div>
<p class="back"><a href="${v.cancelUrl}">${t.keepPlan}</a></p>`,
  );
}
