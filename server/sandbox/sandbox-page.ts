// Plain HTML pages with no script at all. The only style is one fixed block, allowed by its hash,
// so the Content-Security-Policy forbids every inline script and every other style.
import { createHash } from 'node:crypto';
import type { PricedLine } from '../payments/pricing.ts';
import type { SandboxLocale, SandboxMessages } from './sandbox-messages.ts';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{text-align:left;padding:.4rem 0;border-bottom:1px solid #ddd}
td.amount,th.amount{text-align:right}.note{background:#fff8e1;padding:.6rem;border-radius:6px}
.error{background:#fdecea;color:#8a1c1c;padding:.6rem;border-radius:6px}
label{display:block;margin:.6rem 0 .2rem}input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;font-size:1rem;padding:.6rem 1.2rem}li{margin:.8rem 0}`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The page may only submit its form to this API and be redirected to the site. */
export function contentSecurityPolicy(publicUrl: string): string {
  const site = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self' ${site}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
class Html {
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

export function document(locale: SandboxLocale, title: string, body: Html): string {
  return html`<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${new Html(STYLE)}</style></head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>`.value;
}

export function money(amount: number, currency: string, locale: SandboxLocale): string {
  return new Intl.NumberFormat(locale === 'es' ? 'es-ES' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

export function date(value: Date, locale: SandboxLocale): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(value);
}

function intervalText(line: PricedLine, t: SandboxMessages): string {
  const { interval, intervalCount } = line.price;
  if (!interval) return '';
  const count = intervalCount ?? 1;
  return count === 1 ? (t.intervals[interval] ?? '') : t.everyN(count, t.units[interval] ?? interval);
}

export interface CheckoutView {
  locale: SandboxLocale;
  t: SandboxMessages;
  action: string;
  cancelUrl: string;
  lines: (PricedLine & { name: string })[];
  couponCode: string | null;
  trialDays: number;
  error?: string;
}

export function checkoutPage(v: CheckoutView): string {
  const { t, locale } = v;
  const currency = v.lines[0]?.price.currency ?? 'usd';
  const fullTotal = v.lines.reduce((sum, l) => sum + l.price.amount, 0);
  const discounted = v.lines.reduce((sum, l) => sum + l.amount, 0);
  const dueToday = v.trialDays > 0 ? 0 : discounted;
  const recurring = v.lines.find((l) => l.price.type === 'recurring');
  const rows = v.lines.map(
    (l) =>
      html`<tr><td>${l.name}</td><td class="amount">${money(l.price.amount, currency, locale)} ${intervalText(l, t)}</td></tr>`,
  );
  return document(
    locale,
    t.checkoutTitle,
    html`<p class="note">${t.testMode}</p>
<table><thead><tr><th>${t.item}</th><th class="amount">${t.price}</th></tr></thead><tbody>${rows}
${
  v.couponCode && discounted !== fullTotal
    ? html`<tr><td>${t.discount(v.couponCode)}</td><td class="amount">−${money(fullTotal - discounted, currency, locale)}</td></tr>`
    : null
}
${v.trialDays > 0 ? html`<tr><td colspan="2">${t.trial(v.trialDays)}</td></tr>` : null}
<tr><th>${t.totalToday}</th><th class="amount" id="total">${money(dueToday, currency, locale)}</th></tr></tbody></table>
${recurring ? html`<p>${t.thenEvery(money(recurring.amount, currency, locale), intervalText(recurring, t))}</p>` : null}
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
<form method="post" action="${v.action}">
<label for="number">${t.cardNumber}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<label for="expiry">${t.expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="MM/YY">
<label for="cvc">${t.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">
<button type="submit">${v.trialDays > 0 ? t.startTrial : `${t.pay} ${money(dueToday, currency, locale)}`}</button>
</form>
<p><a href="${v.cancelUrl}">${t.cancel}</a></p>`,
  );
}

export function messagePage(
  locale: SandboxLocale,
  title: string,
  message: string,
  link?: { href: string; label: string },
): string {
  return document(
    locale,
    title,
    html`<p class="error" role="alert">${message}</p>${link ? html`<p><a href="${link.href}">${link.label}</a></p>` : null}`,
  );
}

export interface PortalView {
  locale: SandboxLocale;
  t: SandboxMessages;
  action: string;
  returnUrl: string;
  subscriptions: {
    id: string;
    name: string;
    status: string;
    currentPeriodEnd: Date;
    trialEnd: Date | null;
    cancelAtPeriodEnd: boolean;
  }[];
}

export function portalPage(v: PortalView): string {
  const { t, locale } = v;
  const items = v.subscriptions.map((s) => {
    const live = s.status !== 'canceled';
    const when = s.cancelAtPeriodEnd
      ? t.endsOn(date(s.currentPeriodEnd, locale))
      : s.status === 'trialing' && s.trialEnd
        ? t.trialEndsOn(date(s.trialEnd, locale))
        : live
          ? t.renewsOn(date(s.currentPeriodEnd, locale))
          : '';
    return html`<li><strong>${s.name}</strong>: ${t.status[s.status] ?? s.status}. ${when}
${
  live && !s.cancelAtPeriodEnd
    ? html`<form method="post" action="${v.action}"><input type="hidden" name="subscription" value="${s.id}"><button type="submit">${t.cancelAtPeriodEnd}</button></form>`
    : null
}</li>`;
  });
  return document(
    locale,
    t.portalTitle,
    html`${items.length ? html`<ul>${items}</ul>` : html`<p>${t.noSubscriptions}</p>`}
<p><a href="${v.returnUrl}">${t.backToSite}</a></p>`,
  );
}
