// The tax on the hosted pages (decision 173): the figures a page states are the promise's totals,
// and a taxed page adds the lines that show how the net and the tax make them up.
import { moneyFormatFor } from '../../domain/billing/currency.ts';
import type { BillingLocale } from '../../domain/billing/locale.ts';
import type { CheckoutQuote } from '../../domain/billing/quotes.ts';
import { formatTaxRate, type IssuedTax, type TaxRule } from '../../domain/billing/tax.ts';
import type { PauseOption } from '../payments/retention.ts';
import { type ChargeSplit, chargeAsPaid, issuedSplit, type TaxPromise } from '../payments/taxes.ts';
import { type Html, html } from './sandbox-look.ts';
import type { SandboxMessages } from './sandbox-messages.ts';

/**
 * The quote as the member pays it: today's amount and each later charge with their tax. Without tax
 * it is the engine's quote unchanged, so an untaxed page is the page it always was.
 */
export function quoteAsPaid(quote: CheckoutQuote, tax: TaxPromise | undefined): CheckoutQuote {
  const schedule = quote.subscription?.schedule;
  if (!tax) return quote;
  return {
    ...quote,
    dueToday: tax.dueToday.total,
    subscription:
      quote.subscription && schedule
        ? {
            ...quote.subscription,
            schedule: {
              ...schedule,
              next: schedule.next && { ...schedule.next, amount: tax.next?.total ?? schedule.next.amount },
              discounted: schedule.discounted && {
                ...schedule.discounted,
                amount: tax.discounted?.total ?? schedule.discounted.amount,
              },
              regular: tax.regular?.total ?? schedule.regular,
            },
          }
        : null,
  };
}

/**
 * The rows above the total: exclusive prices show their subtotal and the tax added; inclusive ones
 * the tax the total holds. Each row carries its figure for a test to read what the member saw.
 */
export function taxRows(
  tax: Pick<TaxPromise, 'mode' | 'country' | 'rateBasisPoints' | 'dueToday'> | null | undefined,
  t: SandboxMessages,
  money: (amount: number) => string,
  locale: string,
): Html | null {
  if (!tax) return null;
  const rate = formatTaxRate(tax.rateBasisPoints, locale);
  const { net, tax: amount } = tax.dueToday;
  if (tax.mode === 'inclusive')
    return html`<tr><td>${t.taxIncluded(tax.country, rate)}</td><td class="amount" id="tax" data-amount="${amount}" data-net="${net}">${money(amount)}</td></tr>`;
  return html`<tr><td>${t.subtotal}</td><td class="amount" id="net" data-amount="${net}">${money(net)}</td></tr>
<tr><td>${t.tax(tax.country, rate)}</td><td class="amount" id="tax" data-amount="${amount}">${money(amount)}</td></tr>`;
}

/** A pause the portal offers: the charge that resumes it as the member pays it, and its promise. */
export function pauseChoice(option: PauseOption, rule: TaxRule | null) {
  return {
    months: option.months,
    ...chargeAsPaid(option.quote.schedule.next?.amount ?? 0, rule),
    currency: option.quote.schedule.currency,
    date: option.quote.pause.resumesAt,
    digest: option.digest,
  };
}

/**
 * How a total is made up, in the words Manage My Subscription uses: the price plus the tax added, or
 * the tax the price includes. Each figure is carried for a test to read what the member saw.
 */
export function taxSplit(
  tax: ChargeSplit | undefined,
  t: SandboxMessages,
  money: (amount: number) => string,
  locale: string,
): Html | null {
  if (!tax) return null;
  const rate = formatTaxRate(tax.rate_basis_points, locale);
  const words =
    tax.mode === 'inclusive'
      ? t.splitIncluded(money(tax.amount), tax.country, rate)
      : t.splitAdded(money(tax.net), money(tax.amount), tax.country, rate);
  return html` <span class="dim tax-split" data-net="${String(tax.net)}" data-tax="${String(tax.amount)}">(${words})</span>`;
}

/** An invoice left due, on the page that pays it: its total and the tax it was issued with. */
export interface DueInvoice {
  amount: number;
  currency: string;
  tax: ChargeSplit | undefined;
}

/** The invoice a declined renewal left due, as issued (decision 173); null when none is. */
export function dueInvoice(
  sub: { openInvoiceAmount: number | null; openInvoiceTax: IssuedTax | null },
  currency: string,
): DueInvoice | null {
  const amount = sub.openInvoiceAmount;
  if (amount === null) return null;
  return { amount, currency, tax: issuedSplit(amount, sub.openInvoiceTax) };
}

/** What the new card pays at once, and how the invoice made it up, in one money format. */
export function dueLine(due: DueInvoice, t: SandboxMessages, locale: BillingLocale): Html {
  const money = moneyFormatFor([due.amount, due.tax?.net ?? 0, due.tax?.amount ?? 0], due.currency, locale);
  return html`<p class="due-now" data-amount="${String(due.amount)}">${t.amountDue(money(due.amount))}${taxSplit(due.tax, t, money, locale)}</p>`;
}
