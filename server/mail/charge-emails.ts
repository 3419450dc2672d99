// The emails of what is charged and paid back: the receipt and its invoice, the trial's start and
// end, a payment that failed, and a refund and its credit note (decision 154).
import type { Billing, InvoiceLink, LibraryAfter, TextsOf } from './email-texts.ts';

export type ChargeMail =
  | ({
      kind: 'receipt';
      amount: string;
      /** Where the charge holds tax (decision 173): the amount before it, and each tax line. */
      tax?: { net: string; lines: { country: string; rate: string; amount: string }[] } | null;
      plan: string;
      card: string;
      date: string;
      invoice: InvoiceLink;
    } & Billing)
  | ({ kind: 'trialStarted'; plan: string; trialEnd: string; afterTrial: string } & Billing)
  | ({ kind: 'trialEnding'; plan: string; date: string; amount: string } & Billing)
  | ({ kind: 'paymentFailed'; plan: string; amount: string; nextAttempt: string | null } & Billing)
  | ({
      kind: 'refund';
      /** The refund's credit note. */
      invoice: InvoiceLink;
      amount: string;
      plan: string;
      card: string;
      date: string;
      /** What the refund does to what the member can open (decision 138): a subscription's refund, nothing. */
      access: LibraryAfter | 'subscription';
      until: string | null;
    } & Billing);

// Each key is spelled out whole, so the catalogue checks (tests/unit/locales) find every one in use.
export const CHARGE_TEXTS: TextsOf<ChargeMail> = {
  receipt: (t, m) => ({
    subject: t('receipt.subject', m),
    greeting: t('greeting', m),
    body: t('receipt.body'),
    details: [
      t('receipt.amount', m),
      ...(m.tax
        ? [t('receipt.net', { amount: m.tax.net }), ...m.tax.lines.map((line) => t('receipt.tax', line))]
        : []),
      t('receipt.plan', m),
      t('receipt.card', m),
      t('receipt.date', m),
      t('receipt.invoice', { number: m.invoice.number }),
    ],
    button: t('receipt.button'),
    more: { label: t('receipt.invoiceButton'), url: m.invoice.url },
    footer: t('receipt.footer'),
  }),
  trialStarted: (t, m) => ({
    subject: t('trialStarted.subject', m),
    greeting: t('greeting', m),
    body: t('trialStarted.body', m),
    details: [t('trialStarted.trialEnd', m), t('trialStarted.afterTrial', m)],
    button: t('trialStarted.button'),
    footer: t('trialStarted.footer'),
  }),
  trialEnding: (t, m) => ({
    subject: t('trialEnding.subject', m),
    greeting: t('greeting', m),
    body: t('trialEnding.body', m),
    button: t('trialEnding.button'),
    footer: t('trialEnding.footer'),
  }),
  paymentFailed: (t, m) => ({
    subject: t('paymentFailed.subject', m),
    greeting: t('greeting', m),
    body: t('paymentFailed.body', m),
    details: [m.nextAttempt ? t('paymentFailed.nextAttempt', m) : t('paymentFailed.lastAttempt')],
    button: t('paymentFailed.button'),
    footer: t('paymentFailed.footer'),
  }),
  refund: (t, m) => ({
    subject: t('refund.subject', m),
    greeting: t('greeting', m),
    body: t('refund.body', m),
    details: [
      t('refund.date', m),
      {
        closes: t('refund.closed', m),
        stays: t('refund.stays', m),
        staysUntil: t('refund.staysUntil', m),
        subscription: t('refund.subscription'),
      }[m.access],
      t('refund.creditNote', { number: m.invoice.number }),
    ],
    button: t('refund.button'),
    more: { label: t('refund.creditNoteButton'), url: m.invoice.url },
    footer: t('refund.footer'),
  }),
};
