// The hosted checkout page, Stripe Checkout's part: the order with its figures, and the card form
// whose button pays exactly the total shown. With tax (decision 173) the figures are the totals paid.
import { datesInUtc, recurringAmount, schedulePhrase } from '../../domain/billing/billing-text.ts';
import { moneyFormatFor } from '../../domain/billing/currency.ts';
import type { CheckoutQuote } from '../../domain/billing/quotes.ts';
import type { TaxPromise } from '../payments/taxes.ts';
import { document, html, type PageFrame } from './sandbox-look.ts';
import { cardFields, figures, hidden, scheduleAmounts, secureNote } from './sandbox-page.ts';
import { quoteAsPaid, taxRows } from './sandbox-tax.ts';

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
  /** The tax the page states; absent where the member pays none. */
  tax?: TaxPromise | undefined;
}

export function checkoutPage(v: CheckoutView): string {
  const { t, locale } = v;
  const quote = quoteAsPaid(v.quote, v.tax);
  const { currency } = quote;
  const schedule = quote.subscription?.schedule;
  // One format for every figure on the page: '$0.00' beside '$249.99', never '$0'.
  const money = moneyFormatFor(
    [
      ...quote.lines.map((l) => l.price.amount),
      quote.discount,
      quote.dueToday,
      ...(v.tax ? [v.tax.dueToday.net, v.tax.dueToday.tax] : []),
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
${taxRows(v.tax, t, money, locale)}
<tr class="total"><th>${t.totalToday}</th><th class="amount" id="total"${figures(quote.dueToday, currency, schedule?.next)}>${money(quote.dueToday)}</th></tr></tbody></table>
${schedule ? html`<p id="then">${schedulePhrase(schedule, locale, undefined, money)}</p><p><small>${datesInUtc(locale)}</small></p>` : null}
</section>
<section class="card" aria-labelledby="pay-title"><h2 id="pay-title">${t.payByCard}</h2>
<p class="note">${t.testMode}</p>
${v.error ? html`<p class="error" role="alert">${v.error}</p>` : null}
<form method="post" action="${v.action}">
${hidden('promise', v.digest)}
<button type="submit" class="wallet" name="wallet" value="pay" formnovalidate>${t.payWithWallet}</button><p class="or">${t.orPayByCard}</p>
${cardFields(t, '')}
<button type="submit" class="primary wide">${quote.trialDays > 0 ? t.startTrial : `${t.pay} ${money(quote.dueToday)}`}</button>
</form>
${secureNote(t)}
</section>
</div>
<p class="back"><a href="${v.cancelUrl}">${t.cancel}</a></p>`,
  );
}
