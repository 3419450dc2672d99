// The emails payment events cause, composed from the rows the processor just wrote and enqueued in
// its transaction. Links go to the site's profile, which opens the billing portal or the purchases.
import type { UserRow } from '../auth/authenticate.ts';
import type { charges, subscriptions } from '../db/schema.ts';
import type { Mail, OutgoingMail } from '../mail/mailer.ts';
import { date, money, planName, recurringAmount } from './billing-text.ts';
import { invoiceAmount, type PriceRow, type SubscriptionDiscount } from './pricing.ts';
import type { Transaction } from './processor.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type ChargeRow = typeof charges.$inferSelect;
interface Plan {
  price: PriceRow;
  /** The product's name. */
  name: string;
}

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
  const base = (user: UserRow, link: string) => ({ name: user.name, trainerName: '', link });

  return {
    receipt: (tx: Transaction, user: UserRow, charge: ChargeRow) =>
      send(tx, user, {
        kind: 'receipt',
        ...base(user, links.purchases),
        amount: money(charge.amount, charge.currency, user.locale),
        description: charge.description,
        card: charge.paymentMethod,
        date: date(charge.createdAt, user.locale),
      }),

    trialStarted: (
      tx: Transaction,
      user: UserRow,
      sub: SubscriptionRow,
      plan: Plan,
      discount: SubscriptionDiscount | null,
    ) =>
      send(tx, user, {
        kind: 'trialStarted',
        ...base(user, links.subscription),
        plan: planName(plan.name, plan.price),
        trialEnd: date(sub.trialEnd ?? sub.currentPeriodEnd, user.locale),
        afterTrial: recurringAmount(
          invoiceAmount(plan.price, discount, sub.trialEnd ?? sub.currentPeriodEnd),
          plan.price,
          user.locale,
        ),
      }),

    trialEnding: (
      tx: Transaction,
      user: UserRow,
      sub: SubscriptionRow,
      plan: Plan,
      discount: SubscriptionDiscount | null,
    ) => {
      const end = sub.trialEnd ?? sub.currentPeriodEnd;
      return send(tx, user, {
        kind: 'trialEnding',
        ...base(user, links.subscription),
        plan: planName(plan.name, plan.price),
        date: date(end, user.locale),
        amount: money(invoiceAmount(plan.price, discount, end), plan.price.currency, user.locale),
      });
    },

    paymentFailed: (
      tx: Transaction,
      user: UserRow,
      plan: Plan,
      amountDue: number,
      nextAttempt: Date | null,
    ) =>
      send(tx, user, {
        kind: 'paymentFailed',
        ...base(user, links.subscription),
        plan: planName(plan.name, plan.price),
        amount: money(amountDue, plan.price.currency, user.locale),
        nextAttempt: nextAttempt ? date(nextAttempt, user.locale) : null,
      }),

    planChanged: (tx: Transaction, user: UserRow, sub: SubscriptionRow, from: Plan, to: Plan) =>
      send(tx, user, {
        kind: 'planChanged',
        ...base(user, links.subscription),
        from: planName(from.name, from.price),
        to: planName(to.name, to.price),
        nextRenewal: date(sub.currentPeriodEnd, user.locale),
      }),

    cancellationScheduled: (tx: Transaction, user: UserRow, sub: SubscriptionRow, plan: Plan) =>
      send(tx, user, {
        kind: 'cancellationScheduled',
        ...base(user, links.subscription),
        plan: planName(plan.name, plan.price),
        endsOn: date(sub.currentPeriodEnd, user.locale),
      }),

    subscriptionEnded: (tx: Transaction, user: UserRow, sub: SubscriptionRow, plan: Plan) =>
      send(tx, user, {
        kind: 'subscriptionEnded',
        ...base(user, links.plans),
        plan: planName(plan.name, plan.price),
        endedOn: date(sub.endedAt ?? sub.currentPeriodEnd, user.locale),
      }),
  };
}
