// Which purchase a confirmation page waits for. Fulfilment comes only from the payment events, so the
// page knows the payment went through when the member's record shows it: a live subscription to one
// of the trainer's plans, or a paid, unrefunded charge for the challenge or course the path names.
import type { User } from '../../../domain/api-types.ts';
import { type Products, productForSlug } from '../../features/products/products.queries.ts';

export type ConfirmationType = 'subscription' | 'challenge' | 'course';

type Subscription = User['customer']['subscriptions']['data'][number];
type Charge = User['customer']['charges'][number];

export type Purchase =
  | { kind: 'subscription'; subscription: Subscription }
  | { kind: 'charge'; charge: Charge };

const LIVE: ReadonlySet<string> = new Set(['active', 'trialing']);

/** The price ids that count as this page's purchase; null when any purchase of the kind counts. */
export function purchasablePrices(
  products: Products | undefined,
  type: ConfirmationType,
  slug: string | undefined,
): ReadonlySet<string> | null {
  if (!products) return null;
  const plans =
    type === 'subscription'
      ? products.subscriptions.flatMap((p) => p.plans)
      : (productForSlug(type === 'challenge' ? products.challenges : products.courses, slug)?.plans ?? []);
  return plans.length > 0 ? new Set(plans.map((p) => p.id)) : null;
}

export function findPurchase(
  user: User | undefined,
  type: ConfirmationType,
  prices: ReadonlySet<string> | null,
): Purchase | undefined {
  if (!user) return undefined;
  const counts = (priceId: string) => prices === null || prices.has(priceId);
  if (type === 'subscription') {
    const subscription = user.customer.subscriptions.data.find(
      (s) => LIVE.has(s.status) && counts(s.plan.id),
    );
    return subscription ? { kind: 'subscription', subscription } : undefined;
  }
  const charge = user.customer.charges.find(
    (c) =>
      c.paid &&
      !c.refunded &&
      c.invoice.lines.data.some((line) => counts(line.price.id)) &&
      !user.customer.subscriptions.data.some((s) =>
        c.invoice.lines.data.some((l) => l.price.id === s.plan.id),
      ),
  );
  return charge ? { kind: 'charge', charge } : undefined;
}
