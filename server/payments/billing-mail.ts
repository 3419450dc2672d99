// The emails payment events cause, composed from the rows the processor just wrote and enqueued in
// its transaction. Every amount, date and schedule comes from the billing engine and is worded by its
// text module, so an email says what the hosted page and the profile say. Links go to the site's
// profile, which opens the billing portal or the purchases. A refund, a cancellation and an ended
// subscription also say what the member can open afterwards, as the access rule says it.
import { datesInUtc, schedulePhrase } from '../../domain/billing/billing-text.ts';
import { formatBillingDate } from '../../domain/billing/calendar.ts';
import { formatMoney, moneyFormatFor } from '../../domain/billing/currency.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import { chargeSchedule, type SubscriptionTerms } from '../../domain/billing/subscriptions.ts';
import { formatTaxRate } from '../../domain/billing/tax.ts';
import type { Transaction } from '../db/index.ts';
import type { charges, UserRow } from '../db/schema.ts';
import { type InvoiceRow, invoiceLink } from '../invoices/invoice-links.ts';
import type { AccessAfter } from '../library/access-after.ts';
import type { LibraryAfter } from '../mail/email-texts.ts';
import type { Mail, OutgoingMail } from '../mail/mailer.ts';
import { memberTaxRule } from './taxes.repository.ts';
import { scheduleAsPaid } from './taxes.ts';

type ChargeRow = typeof charges.$inferSelect;

export type BillingMail = ReturnType<typeof billingMail>;

export function billingMail(mail: Mail, publicUrl: string) {
  const links = {
    purchases: `${publicUrl}/profile/purchases`,
    subscription: `${publicUrl}/profile/subscription`,
    plans: `${publicUrl}/`,
  };
  const send = (tx: Transaction, user: UserRow, template: OutgoingMail['template']) =>
    mail.enqueue(tx as never, {
      trainerId: user.trainerId,
      userId: user.id,
      to: user.email,
      locale: user.locale,
      template,
    });
  const base = (user: UserRow, link: string) => ({
    name: user.name,
    trainerName: '',
    link,
    datesNote: datesInUtc(billingLocale(user.locale)),
  });
  const date = (user: UserRow, value: Date) => formatBillingDate(value, billingLocale(user.locale));
  const money = (user: UserRow, amount: number, currency: string) =>
    formatMoney(amount, currency, billingLocale(user.locale));
  /** The charges ahead as the member pays them: under their tax rule, if any (decision 173). */
  const scheduleOf = async (tx: Transaction, user: UserRow, terms: SubscriptionTerms) =>
    scheduleAsPaid(chargeSchedule(terms), await memberTaxRule(tx, user.trainerId, user.id));
  const nextCharges = async (tx: Transaction, user: UserRow, terms: SubscriptionTerms, end?: Date) =>
    schedulePhrase(await scheduleOf(tx, user, terms), billingLocale(user.locale), end);
  /**
   * The amount paid and, where the charge's invoice states tax (decision 173), the amount before it
   * and each tax line, in one money format ('$220.00' beside '$46.20', never '$220').
   */
  const receiptFigures = (user: UserRow, charge: ChargeRow, invoice: InvoiceRow) => {
    const { tax, total } = invoice.document;
    // An untaxed receipt is worded exactly as it always was.
    if (tax.length === 0) return { amount: money(user, charge.amount, charge.currency), tax: null };
    const locale = billingLocale(user.locale);
    const net = total - tax.reduce((sum, line) => sum + line.amount, 0);
    const format = moneyFormatFor(
      [charge.amount, net, ...tax.map((line) => line.amount)],
      charge.currency,
      locale,
    );
    return {
      amount: format(charge.amount),
      tax: {
        net: format(net),
        lines: tax.map((line) => ({
          country: line.label,
          rate: formatTaxRate(line.rateBasisPoints, locale),
          amount: format(line.amount),
        })),
      },
    };
  };
  /** What an email says of access after the change: closed, or open (until a date) through another holding. */
  const after = (user: UserRow, access: AccessAfter): { access: LibraryAfter; until: string | null } => {
    if (!access.open) return { access: 'closes', until: null };
    return access.until
      ? { access: 'staysUntil', until: date(user, access.until) }
      : { access: 'stays', until: null };
  };

  return {
    // The receipt names the plan the member bought (its nickname, in their language);
    // the charge's stored description stays the product's name for the trainer's records.
    // It names the charge's invoice and links its PDF (decision 154).
    receipt: (tx: Transaction, user: UserRow, charge: ChargeRow, plan: string, invoice: InvoiceRow) =>
      send(tx, user, {
        kind: 'receipt',
        ...base(user, links.purchases),
        ...receiptFigures(user, charge, invoice),
        plan,
        card: charge.paymentMethod,
        date: date(user, charge.createdAt),
        invoice: invoiceLink(publicUrl, invoice),
      }),

    trialStarted: async (tx: Transaction, user: UserRow, plan: string, terms: SubscriptionTerms) =>
      send(tx, user, {
        kind: 'trialStarted',
        ...base(user, links.subscription),
        plan,
        trialEnd: date(user, terms.trialEnd ?? terms.periodEnd),
        afterTrial: await nextCharges(tx, user, terms),
      }),

    trialEnding: async (tx: Transaction, user: UserRow, plan: string, terms: SubscriptionTerms) => {
      const { next, currency } = await scheduleOf(tx, user, terms);
      return send(tx, user, {
        kind: 'trialEnding',
        ...base(user, links.subscription),
        plan,
        date: date(user, terms.periodEnd),
        amount: money(user, next?.amount ?? 0, currency),
      });
    },

    paymentFailed: (
      tx: Transaction,
      user: UserRow,
      failed: { plan: string; amount: number; currency: string; nextAttempt: Date | null },
    ) =>
      send(tx, user, {
        kind: 'paymentFailed',
        ...base(user, links.subscription),
        plan: failed.plan,
        amount: money(user, failed.amount, failed.currency),
        nextAttempt: failed.nextAttempt ? date(user, failed.nextAttempt) : null,
      }),

    planChanged: async (
      tx: Transaction,
      user: UserRow,
      change: {
        from: string;
        to: string;
        terms: SubscriptionTerms;
        renewed: boolean;
        scheduledFor: Date | null;
      },
    ) =>
      send(tx, user, {
        kind: 'planChanged',
        ...base(user, links.subscription),
        from: change.from,
        to: change.to,
        nextCharges: await nextCharges(tx, user, change.terms, change.terms.periodEnd),
        renewed: change.renewed,
        scheduledFor: change.scheduledFor ? date(user, change.scheduledFor) : null,
      }),

    /** `access`: what the one-time product is after the refund; null for a subscription's charge. */
    refund: (
      tx: Transaction,
      user: UserRow,
      charge: ChargeRow,
      plan: string,
      access: AccessAfter | null,
      creditNote: InvoiceRow,
    ) =>
      send(tx, user, {
        kind: 'refund',
        invoice: invoiceLink(publicUrl, creditNote),
        ...base(user, links.purchases),
        amount: money(user, charge.amount, charge.currency),
        plan,
        card: charge.paymentMethod,
        date: date(user, charge.refundedAt ?? charge.createdAt),
        ...(access ? after(user, access) : { access: 'subscription' as const, until: null }),
      }),

    /** `library`: what the membership's library is once the period has ended. */
    cancellationScheduled: (
      tx: Transaction,
      user: UserRow,
      cancelled: { plan: string; endsOn: Date; dropped: string | null; library: AccessAfter },
    ) => {
      const { access, until } = after(user, cancelled.library);
      return send(tx, user, {
        kind: 'cancellationScheduled',
        ...base(user, links.subscription),
        plan: cancelled.plan,
        endsOn: date(user, cancelled.endsOn),
        dropped: cancelled.dropped,
        library: access,
        until,
      });
    },

    /** The member kept their plan: a scheduled change dropped, or the end undone (decision 133). */
    planKept: async (
      tx: Transaction,
      user: UserRow,
      kept: { plan: string; dropped: string | null; terms: SubscriptionTerms },
    ) =>
      send(tx, user, {
        kind: 'planKept',
        ...base(user, links.subscription),
        plan: kept.plan,
        dropped: kept.dropped,
        date: date(user, kept.terms.periodEnd),
        nextCharges: await nextCharges(tx, user, kept.terms),
      }),

    /** A pause planned (decision 152): when it begins and resumes, and the charge that resumes it. */
    pausePlanned: async (tx: Transaction, user: UserRow, plan: string, terms: SubscriptionTerms) => {
      const pause = terms.pause;
      if (!pause) return Promise.resolve();
      return send(tx, user, {
        kind: 'pausePlanned',
        ...base(user, links.subscription),
        plan,
        startsOn: date(user, pause.startsAt),
        resumesOn: date(user, pause.resumesAt),
        nextCharges: await nextCharges(tx, user, terms),
      });
    },

    resumed: async (
      tx: Transaction,
      user: UserRow,
      plan: string,
      terms: SubscriptionTerms,
      when: 'atEnd' | 'early' | 'notBegun',
    ) =>
      send(tx, user, {
        kind: 'resumed',
        ...base(user, links.subscription),
        plan,
        when,
        nextCharges: await nextCharges(tx, user, terms),
      }),

    /** The cancel flow's coupon taken (decision 153): the discounted charges, as every page states them. */
    offerTaken: async (tx: Transaction, user: UserRow, plan: string, terms: SubscriptionTerms) =>
      send(tx, user, {
        kind: 'offerTaken',
        ...base(user, links.subscription),
        plan,
        nextCharges: await nextCharges(tx, user, terms),
      }),

    subscriptionEnded: (
      tx: Transaction,
      user: UserRow,
      plan: string,
      endedOn: Date,
      library: AccessAfter,
    ) => {
      const { access, until } = after(user, library);
      return send(tx, user, {
        kind: 'subscriptionEnded',
        ...base(user, links.plans),
        plan,
        endedOn: date(user, endedOn),
        library: access,
        until,
      });
    },
  };
}
