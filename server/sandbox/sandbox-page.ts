// Plain HTML pages with no script at all. The only style is one fixed block, allowed by its hash,
// so the Content-Security-Policy forbids every inline script and every other style.
import { createHash } from 'node:crypto';
import { datesInUtc, recurringAmount, schedulePhrase } from '../../domain/billing/billing-text.ts';
import { formatBillingDate, formatBillingTime } from '../../domain/billing/calendar.ts';
import { formatMoney } from '../../domain/billing/currency.ts';
import { periodEnd } from '../../domain/billing/period-end.ts';
import type { CheckoutQuote } from '../../domain/billing/subscriptions.ts';
import type { Locale } from '../../domain/localized.ts';
import type { PlanChangeOffer } from '../payments/billing-quotes.ts';
import { escapeHtml } from '../text/html.ts';
import type { SandboxMessages } from './sandbox-messages.ts';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{text-align:left;padding:.4rem 0;border-bottom:1px solid #ddd}
td.amount,th.amount{text-align:right}.note{background:#fff8e1;padding:.6rem;border-radius:6px}
.error{background:#fdecea;color:#8a1c1c;padding:.6rem;border-radius:6px}
label{display:block;margin:.6rem 0 .2rem}input{font-size:1rem;padding:.4rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;font-size:1rem;padding:.6rem 1.2rem}li{margin:.8rem 0}form.inline{display:inline-block;margin-right:.5rem}`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The page may only submit its form to this API and be redirected to the site. */
export function hostedPagePolicy(publicUrl: string): string {
  const site = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
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

export function document(locale: Locale, title: string, body: Html): string {
  return html`<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${new Html(STYLE)}</style></head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>`.value;
}

export interface CheckoutView {
  locale: Locale;
  t: SandboxMessages;
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

export function checkoutPage(v: CheckoutView): string {
  const { t, locale, quote } = v;
  const { currency } = quote;
  const money = (n: number) => formatMoney(n, currency, locale);
  const schedule = quote.subscription?.schedule;
  const rows = quote.lines.map(
    (l) =>
      html`<tr><td>${v.names.get(l.price.id) ?? l.price.id}</td><td class="amount">${recurringAmount(l.price.amount, l.price, locale)}</td></tr>`,
  );
  return document(
    locale,
    t.checkoutTitle,
    html`<p class="note">${t.testMode}</p>
<table><thead><tr><th>${t.item}</th><th class="amount">${t.price}</th></tr></thead><tbody>${rows}
${
  v.couponCode && quote.discount > 0
    ? html`<tr><td>${t.discount(v.couponCode)}</td><td class="amount">−${money(quote.discount)}</td></tr>`
    : null
}
${quote.trialDays > 0 ? html`<tr><td colspan="2">${t.trial(quote.trialDays)}</td></tr>` : null}
<tr><th>${t.totalToday}</th><th class="amount" id="total"${figures(quote.dueToday, currency, schedule?.next)}>${money(quote.dueToday)}</th></tr></tbody></table>
${schedule ? html`<p id="then">${schedulePhrase(schedule, locale)}</p><p><small>${datesInUtc(locale)}</small></p>` : null}
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
<form method="post" action="${v.action}">
${hidden('promise', v.digest)}
${cardFields(t, '')}
<button type="submit">${quote.trialDays > 0 ? t.startTrial : `${t.pay} ${money(quote.dueToday)}`}</button>
</form>
<p><a href="${v.cancelUrl}">${t.cancel}</a></p>`,
  );
}

export function messagePage(
  locale: Locale,
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
  locale: Locale;
  t: SandboxMessages;
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
    /** A pause planned or under way (decision 152). */
    pause: { startsAt: Date; resumesAt: Date } | null;
    /** The pauses the member may choose, each with the charge that resumes it and its quote's digest. */
    pauseOptions: { months: number; amount: number; currency: string; date: Date; digest: string }[];
    /** The offer at the cancel button (decision 153), worded, with its quote's digest. */
    offer: { text: string; digest: string; nextAmount: number | null } | null;
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
  return html`<label for="${prefix}number">${t.cardNumber}</label><input id="${prefix}number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<label for="${prefix}expiry">${t.expiry}</label><input id="${prefix}expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="${t.expiryPlaceholder}">
<label for="${prefix}cvc">${t.cvc}</label><input id="${prefix}cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">`;
}

/** The pause lengths the trainer allows, each with the charge that resumes it (decision 152). */
function pauseForm(
  v: PortalView,
  id: string,
  options: PortalView['subscriptions'][number]['pauseOptions'],
): Html {
  const { t, locale } = v;
  const choices = options.map(
    (o) =>
      html`<label><input type="radio" name="pause" value="${`${o.months}:${o.digest}`}" data-amount="${String(o.amount)}" data-date="${o.date.toISOString()}" required> ${t.pauseFor(o.months, formatMoney(o.amount, o.currency, locale), formatBillingDate(o.date, locale))}</label>`,
  );
  return html`<details><summary>${t.pauseHeading}</summary><form method="post" action="${v.action}">${hidden('action', 'pause')}${hidden('subscription', id)}<fieldset><legend>${t.pauseHeading}</legend>${choices}</fieldset><p class="note">${t.pauseNote}</p><button type="submit">${t.pauseButton}</button></form></details>`;
}

/**
 * The cancel button, with Stripe's portal's reasons (optional) and the trainer's one offer: one form,
 * two buttons, so giving a reason and cancelling, or taking the offer, is one step (decision 153).
 */
function cancelForm(v: PortalView, id: string, offer: PortalView['subscriptions'][number]['offer']): Html {
  const { t } = v;
  const reasons = Object.entries(t.reasons).map(
    ([value, label]) => html`<label><input type="radio" name="reason" value="${value}"> ${label}</label>`,
  );
  return html`<form method="post" action="${v.action}">${hidden('subscription', id)}<fieldset><legend>${t.cancelQuestion}</legend>${reasons}<label for="${id}-comment">${t.reasonComment}</label><textarea id="${id}-comment" name="comment" maxlength="500" rows="2"></textarea></fieldset>${
    offer
      ? html`<p class="offer" data-next-amount="${String(offer.nextAmount ?? '')}">${offer.text}</p>${hidden('offer', offer.digest)}<button type="submit" name="action" value="offer">${t.takeOffer}</button>`
      : null
  }<button type="submit" name="action" value="cancel">${t.cancelAtPeriodEnd}</button></form>`;
}

export function portalPage(v: PortalView): string {
  const { t, locale } = v;
  const items = v.subscriptions.map((s) => {
    const live = s.status !== 'canceled';
    const end = periodEnd({ cancelAtPeriodEnd: s.cancelAtPeriodEnd, scheduled: s.scheduledName });
    const form = (action: string, label: string) =>
      html`<form method="post" action="${v.action}">${hidden('action', action)}${hidden('subscription', s.id)}<button type="submit">${label}</button></form>`;
    const when =
      end.kind === 'ends'
        ? t.endsOn(formatBillingDate(s.currentPeriodEnd, locale))
        : s.status === 'trialing' && s.trialEnd
          ? t.trialEndsOn(formatBillingDate(s.trialEnd, locale))
          : s.status === 'trialing' || s.status === 'active'
            ? t.renewsOn(formatBillingDate(s.currentPeriodEnd, locale))
            : '';
    return html`<li><strong>${s.name}</strong>: ${t.status[s.status] ?? s.status}. ${when}
${end.kind === 'changes' ? html`<br>${t.changesTo(end.to, formatBillingDate(s.currentPeriodEnd, locale))}` : null}
${s.paymentMethod && live ? html`<br>${t.paidWith(s.paymentMethod)}` : null}
${live && end.kind === 'changes' ? form('keep', t.keepCurrentPlan(s.name)) : null}
${live && end.kind === 'ends' ? form('keep', t.renew) : null}
${s.pause && s.status === 'paused' ? html`<br>${t.pausedUntil(formatBillingDate(s.pause.resumesAt, locale))}` : null}
${s.pause && s.status !== 'paused' ? html`<br>${t.pausePlanned(formatBillingDate(s.pause.startsAt, locale), formatBillingDate(s.pause.resumesAt, locale))}` : null}
${live && s.pause ? html`${form('resume', t.resumeNow)}<p class="note">${t.resumeNote}</p>` : null}
${live && s.pauseOptions.length ? pauseForm(v, s.id, s.pauseOptions) : null}
${live && end.kind !== 'ends' ? cancelForm(v, s.id, s.offer) : null}
${
  live
    ? html`<details${s.status === 'past_due' ? html` open` : null}><summary>${t.updateCard}</summary><form method="post" action="${v.action}">${hidden('action', 'card')}${hidden('subscription', s.id)}${cardFields(t, `${s.id}-`)}<button type="submit">${t.saveCard}</button></form></details>`
    : null
}</li>`;
  });
  const charges = v.charges.map(
    (c) =>
      html`<tr><td>${c.description}<br><small>${formatBillingDate(c.createdAt, locale)}</small></td><td class="amount">${formatMoney(c.amount, c.currency, locale)}</td><td class="amount">${
        c.refunded
          ? t.refunded
          : html`<form method="post" action="${v.action}">${hidden('action', 'refund')}${hidden('charge', c.id)}<button type="submit">${t.refund}</button></form>`
      }</td></tr>`,
  );
  const clock = ['day', 'week', 'month', 'year'].map(
    (by) =>
      html`<form method="post" action="${v.action}" class="inline">${hidden('action', 'clock')}${hidden('by', by)}<button type="submit">${t.advance[by] ?? by}</button></form>`,
  );
  return document(
    locale,
    t.portalTitle,
    html`${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
${items.length ? html`<ul>${items}</ul>` : html`<p>${t.noSubscriptions}</p>`}
<h2>${t.payments}</h2>
${charges.length ? html`<table><tbody>${charges}</tbody></table>` : html`<p>${t.noPayments}</p>`}
<p><small>${datesInUtc(locale)}</small></p>
<h2>${t.testClock}</h2>
<p class="note">${t.testClockNote(formatBillingDate(v.now, locale))}</p>
<p>${clock}</p>
<p><a href="${v.returnUrl}">${t.backToSite}</a></p>`,
  );
}

export interface ChangeView {
  locale: Locale;
  t: SandboxMessages;
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
  const money = (n: number) => formatMoney(n, quote.currency, locale);
  const day = (d: Date) => formatBillingDate(d, locale);
  const validUntil = formatBillingTime(quote.validUntil, locale);
  return document(
    locale,
    t.changeTitle,
    html`<p class="note">${t.testMode}</p>
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
<table><tbody>
<tr><td>${t.currentPlan}</td><td class="amount">${v.offer.fromName}<br>${recurringAmount(quote.from.amount, quote.from, locale)}</td></tr>
<tr><td>${t.newPlan}</td><td class="amount" id="new-plan">${v.offer.toName}<br>${recurringAmount(quote.to.amount, quote.to, locale)}</td></tr>
${
  quote.kind === 'now'
    ? html`<tr><td>${t.newPlanCharge}</td><td class="amount" id="new-plan-charge" data-amount="${quote.newPlanCharge}">${money(quote.newPlanCharge)}</td></tr>
<tr><td>${t.unusedCredit}</td><td class="amount" id="credit" data-amount="${quote.credit}">−${money(quote.credit)}</td></tr>`
    : null
}
<tr><th>${t.totalToday}</th><th class="amount" id="total"${figures(quote.dueToday, quote.currency, quote.schedule.next)}>${money(quote.dueToday)}</th></tr>
</tbody></table>
${quote.kind === 'atRenewal' ? html`<p>${t.changeOn(day(quote.effectiveAt))}</p>` : null}
${quote.kind === 'inTrial' ? html`<p>${t.changeInTrial(day(v.offer.quote.after.periodEnd))}</p>` : null}
${quote.renewsInsteadOfEnding ? html`<p id="renews">${t.renewsInsteadOfEnding(day(v.offer.quote.after.periodEnd))}</p>` : null}
<p id="next-renewal">${schedulePhrase(quote.schedule, locale)}</p>
<p><small>${t.quoteStands(validUntil)} ${datesInUtc(locale)}</small></p>
${v.card && quote.dueToday > 0 ? html`<p>${t.paidWith(v.card)}</p>` : null}
<form method="post" action="${v.action}">${hidden('promise', v.digest)}<button type="submit">${quote.dueToday > 0 ? `${t.confirmAndPay} ${money(quote.dueToday)}` : t.confirmChange}</button></form>
<p><a href="${v.cancelUrl}">${t.keepPlan}</a></p>`,
  );
}
