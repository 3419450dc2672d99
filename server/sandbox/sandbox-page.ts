// The hosted pages: plain HTML with no script at all, drawn in the site's brand by the frame of
// sandbox-look.ts. Each page states its figures in one money format (decision 148).
import { datesInUtc, recurringAmount, schedulePhrase } from '../../domain/billing/billing-text.ts';
import { formatBillingDate, formatBillingTime } from '../../domain/billing/calendar.ts';
import { moneyFormatFor } from '../../domain/billing/currency.ts';
import { periodEnd } from '../../domain/billing/period-end.ts';
import type { ChargeSchedule } from '../../domain/billing/subscriptions.ts';
import { BILLING_INTERVALS } from '../../openapi/contract-values.ts';
import type { PlanChangeOffer } from '../payments/billing-quotes.ts';
import { type ChargeSplit, scheduleAsPaid } from '../payments/taxes.ts';
import { CARD_LOGOS, document, type Html, html, LOCK, type PageFrame } from './sandbox-look.ts';
import type { SandboxMessages } from './sandbox-messages.ts';
import { type DueInvoice, dueLine, taxRows, taxSplit } from './sandbox-tax.ts';

/** The quote's figures, for a script or a test to read what the member was shown. */
export function figures(
  amount: number,
  currency: string,
  next: { at: Date; amount: number } | null | undefined,
): Html {
  return html` data-amount="${amount}" data-currency="${currency}"${
    next ? html` data-next-amount="${next.amount}" data-next-at="${next.at.toISOString()}"` : null
  }`;
}

/** Every amount a schedule states, so they are formatted with the figures beside them. */
export function scheduleAmounts(schedule: ChargeSchedule): number[] {
  return [
    schedule.regular,
    ...(schedule.next ? [schedule.next.amount] : []),
    ...(schedule.discounted ? [schedule.discounted.amount] : []),
  ];
}

/** The secure-payment cue under a pay button, as Stripe's page shows it. */
export const secureNote = (t: SandboxMessages) => html`<p class="secure">${LOCK}<span>${t.secure}</span></p>`;

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
    /** A pause planned or under way (decision 152). */
    pause: { startsAt: Date; resumesAt: Date } | null;
    /** The pauses the member may choose, each with the charge that resumes it and its quote's digest. */
    pauseOptions: {
      months: number;
      amount: number;
      /** How the amount is made up, where the member pays tax (decision 173). */
      tax?: ChargeSplit;
      currency: string;
      date: Date;
      digest: string;
    }[];
    /** The offer at the cancel button (decision 153), worded, with its quote's digest. */
    offer: { text: string; digest: string; nextAmount: number | null } | null;
    /** What a declined renewal left due, which a new card pays at once (decision 173). */
    due: DueInvoice | null;
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

export const hidden = (name: string, value: string) =>
  html`<input type="hidden" name="${name}" value="${value}">`;

export function cardFields(t: SandboxMessages, prefix: string): Html {
  return html`<label for="${prefix}number">${t.cardNumber}</label><input id="${prefix}number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" aria-describedby="${prefix}cards">
<div class="cards" id="${prefix}cards" role="group" aria-label="${t.acceptedCards}">${CARD_LOGOS}</div>
<div class="row"><div><label for="${prefix}expiry">${t.expiry}</label><input id="${prefix}expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="${t.expiryPlaceholder}"></div>
<div><label for="${prefix}cvc">${t.cvc}</label><input id="${prefix}cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>`;
}

/** The pause lengths the trainer allows, each with the charge that resumes it (decision 152). */
function pauseForm(
  v: PortalView,
  id: string,
  options: PortalView['subscriptions'][number]['pauseOptions'],
): Html {
  const { t, locale } = v;
  const choices = options.map((o) => {
    // One format for the total and its split ('$36.00' beside '$6.00', never '$36').
    const money = moneyFormatFor([o.amount, o.tax?.net ?? 0, o.tax?.amount ?? 0], o.currency, locale);
    return html`<label><input type="radio" name="pause" value="${`${o.months}:${o.digest}`}" data-amount="${String(o.amount)}" data-date="${o.date.toISOString()}" required> ${t.pauseFor(o.months, money(o.amount), formatBillingDate(o.date, locale))}${taxSplit(o.tax, t, money, locale)}</label>`;
  });
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
${s.pause && s.status === 'paused' ? html`<br><span class="dim">${t.pausedUntil(formatBillingDate(s.pause.resumesAt, locale))}</span>` : null}
${s.pause && s.status !== 'paused' ? html`<br><span class="dim">${t.pausePlanned(formatBillingDate(s.pause.startsAt, locale), formatBillingDate(s.pause.resumesAt, locale))}</span>` : null}
<div class="actions">
${live && end.kind === 'changes' ? form('keep', t.keepCurrentPlan(s.name), true) : null}
${live && end.kind === 'ends' ? form('keep', t.renew, true) : null}
${live && s.pause ? form('resume', t.resumeNow, true) : null}
</div>
${live && s.pause ? html`<p class="dim">${t.resumeNote}</p>` : null}
${live && s.pauseOptions.length ? pauseForm(v, s.id, s.pauseOptions) : null}
${live && end.kind !== 'ends' ? cancelForm(v, s.id, s.offer) : null}
${
  live
    ? html`<details${s.status === 'past_due' ? html` open` : null}><summary>${t.updateCard}</summary>${s.due ? dueLine(s.due, t, locale) : null}<form method="post" action="${v.action}">${hidden('action', 'card')}${hidden('subscription', s.id)}${cardFields(t, `${s.id}-`)}<button type="submit" class="primary wide">${t.saveCard}</button></form>${secureNote(t)}</details>`
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
  // A step of the test clock per billing interval, the shortest first.
  const clock = [...BILLING_INTERVALS]
    .reverse()
    .map(
      (by) =>
        html`<form method="post" action="${v.action}">${hidden('action', 'clock')}${hidden('by', by)}<button type="submit">${t.advance[by] ?? by}</button></form>`,
    );
  return document(
    v,
    t.portalTitle,
    html`${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
<section class="card">${items.length ? html`<ul class="subs">${items}</ul>` : html`<p>${t.noSubscriptions}</p>`}</section>
<section class="card" aria-labelledby="payments-title"><h2 id="payments-title">${t.payments}</h2>
${charges.length ? html`<table class="payments"><tbody>${charges}</tbody></table>` : html`<p>${t.noPayments}</p>`}
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
  const { quote, tax } = v.offer;
  // What the member pays: the totals under their tax rule (decision 173), the quote's own without one.
  const due = tax?.dueToday.total ?? quote.dueToday;
  const schedule = scheduleAsPaid(quote.schedule, tax);
  // One format for every figure on the page: '$220.00' under '$249.99', never '$220'.
  const money = moneyFormatFor(
    [
      quote.from.amount,
      quote.to.amount,
      due,
      ...(quote.kind === 'now' ? [quote.newPlanCharge, quote.credit] : []),
      ...(tax ? [tax.dueToday.net, tax.dueToday.tax] : []),
      ...scheduleAmounts(schedule),
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
<p class="due">${money(due)}</p>
<table><tbody>
<tr><td>${t.currentPlan}</td><td class="amount">${v.offer.fromName}<br>${recurringAmount(quote.from.amount, quote.from, locale, money)}</td></tr>
<tr><td>${t.newPlan}</td><td class="amount" id="new-plan">${v.offer.toName}<br>${recurringAmount(quote.to.amount, quote.to, locale, money)}</td></tr>
${
  quote.kind === 'now'
    ? html`<tr><td>${t.newPlanCharge}</td><td class="amount" id="new-plan-charge" data-amount="${quote.newPlanCharge}">${money(quote.newPlanCharge)}</td></tr>
<tr><td>${t.unusedCredit}</td><td class="amount" id="credit" data-amount="${quote.credit}">−${money(quote.credit)}</td></tr>`
    : null
}
${quote.kind === 'now' ? taxRows(tax, t, money, locale) : null}
<tr class="total"><th>${t.totalToday}</th><th class="amount" id="total"${figures(due, quote.currency, schedule.next)}>${money(due)}</th></tr>
</tbody></table>
</section>
<section class="card" aria-labelledby="pay-title"><h2 id="pay-title">${t.confirmChange}</h2>
<p class="note">${t.testMode}</p>
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
${quote.kind === 'atRenewal' ? html`<p>${t.changeOn(day(quote.effectiveAt))}</p>` : null}
${quote.kind === 'inTrial' ? html`<p>${t.changeInTrial(day(v.offer.quote.after.periodEnd))}</p>` : null}
${quote.renewsInsteadOfEnding ? html`<p id="renews">${t.renewsInsteadOfEnding(day(v.offer.quote.after.periodEnd))}</p>` : null}
<p id="next-renewal">${schedulePhrase(schedule, locale, undefined, money)}</p>
<p><small>${t.quoteStands(validUntil)} ${datesInUtc(locale)}</small></p>
${v.card && due > 0 ? html`<p>${t.paidWith(v.card)}</p>` : null}
<form method="post" action="${v.action}">${hidden('promise', v.digest)}<button type="submit" class="primary wide">${due > 0 ? `${t.confirmAndPay} ${money(due)}` : t.confirmChange}</button></form>
${due > 0 ? secureNote(t) : null}
</section>
</div>
<p class="back"><a href="${v.cancelUrl}">${t.keepPlan}</a></p>`,
  );
}
