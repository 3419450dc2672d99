// The contract's shapes of a plan and a user, built from the database rows. The `customer` part is
// built from the subscription and charge records the payment events wrote.
import type { Plan, User } from '../../domain/api-types.ts';
import { periodEnd } from '../../domain/billing/period-end.ts';
import { chargeSchedule } from '../../domain/billing/subscriptions.ts';
import { type TaxRule, taxRuleFor } from '../../domain/billing/tax.ts';
import { DEFAULT_LOCALE, type Locale } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import { type Auth, authenticate, readWith } from '../auth/authenticate.ts';
import { beginRead, keepBeside, keptBeside } from '../auth/kept-sessions.ts';
import type { MemberViews } from '../auth/member-view-cache.ts';
import { decodeCursor, encodeCursor } from '../db/cursor.ts';
import type { Database } from '../db/index.ts';
import type { prices, subscriptions, UserRow } from '../db/schema.ts';
import { badRequest, HttpError, unauthorized } from '../errors.ts';
import { type TermsRows, termsFromRows } from '../payments/billing-terms.ts';
import { chargeAsPaid, issuedSplit } from '../payments/taxes.ts';
import {
  type ChargeRow,
  type ChargesPage,
  type MemberViewRows,
  memberCharges,
  memberChargesAfter,
  memberViewRows,
  viewAlongside,
} from './member-view.repository.ts';
import { sessionFromLink } from './sessions.ts';

type Subscription = components['schemas']['Subscription'];

export type PriceRow = typeof prices.$inferSelect;

/** A price as the contract's plan, its name in `locale` (English where it has none). */
export function toPlan(price: PriceRow, locale: Locale = DEFAULT_LOCALE): Plan {
  return {
    id: price.id,
    product: price.productId,
    interval: price.interval,
    interval_count: price.intervalCount,
    amount: price.amount,
    currency: price.currency,
    type: price.type,
    nickname: price.nicknames?.[locale] ?? price.nickname,
    trialDays: price.trialDays,
    active: price.active,
  };
}

// Live subscriptions first, then by recency: the first is "the active one" per the spec.
const STATUS_RANK: Record<Subscription['status'], number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  paused: 1,
  unpaid: 2,
  incomplete: 3,
  canceled: 4,
};

/**
 * The charge the member will be charged next, as the billing engine projects the renewal, and as
 * they pay it: under their tax rule, the total with its net and tax (decision 173).
 */
function nextCharge(
  sub: typeof subscriptions.$inferSelect,
  rows: TermsRows,
  rule: TaxRule | null,
): Subscription['next_charge'] {
  if (
    sub.cancelAtPeriodEnd ||
    (sub.status !== 'trialing' && sub.status !== 'active' && sub.status !== 'paused')
  )
    return null;
  const { next, currency } = chargeSchedule(termsFromRows(sub, rows));
  if (!next) return null;
  return { ...chargeAsPaid(next.amount, rule), currency, date: next.at.toISOString() };
}

/**
 * What a declined renewal left due, as its invoice was issued (decision 173): the total a new card pays
 * and the tax kept with it, never the member's rule as it stands. Absent when nothing is due.
 */
function amountDue(
  sub: typeof subscriptions.$inferSelect,
  currency: string,
): Pick<Subscription, 'amount_due'> {
  const amount = sub.openInvoiceAmount;
  if (amount === null || (sub.status !== 'past_due' && sub.status !== 'unpaid')) return {};
  const tax = issuedSplit(amount, sub.openInvoiceTax);
  return { amount_due: { amount, currency, ...(tax ? { tax } : {}) } };
}

/** The plan the renewal changes to, when the period's end brings a change (a subscription set to end has none). */
function scheduledPlan(
  sub: typeof subscriptions.$inferSelect,
  scheduled: PriceRow | null,
  locale: Locale,
): Subscription['scheduled_plan'] {
  const end = periodEnd({ cancelAtPeriodEnd: sub.cancelAtPeriodEnd, scheduled });
  return end.kind === 'changes' ? toPlan(end.to, locale) : null;
}

/**
 * The member's live and newest subscriptions, latest charges and held prices (decision 146): one
 * query of the member's own rows (decision 156), bounded however long their history. Each subscription comes with
 * every row its terms depend on (subscriptionTerms reads the same ones one by one).
 */
export async function customerView(db: Database, user: UserRow): Promise<User['customer']> {
  return customerOf(user, await memberViewRows(db, user));
}

/** The customer part from the view's rows, read alone or with the session (decision 163). */
function customerOf(
  user: UserRow,
  { subscriptions: subs, charges: latest, heldPrices: held, tax }: MemberViewRows,
): User['customer'] {
  const rule = taxRuleFor(tax, user.billingCountry);
  const subscriptionData: Subscription[] = subs
    .map(({ sub, price, productName, productNames, scheduled, coupon, periodRefunded }) => ({
      id: sub.id,
      status: sub.status,
      plan: toPlan(price, user.locale),
      product_name: productNames?.[user.locale] ?? productName,
      current_period_end: sub.currentPeriodEnd.toISOString(),
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      trial_end: sub.trialEnd?.toISOString() ?? null,
      created: sub.createdAt.toISOString(),
      next_charge: nextCharge(sub, { price, scheduled, coupon, periodRefunded }, rule),
      scheduled_plan: scheduledPlan(sub, scheduled, user.locale),
      payment_method: sub.paymentMethod,
      next_payment_attempt: sub.nextPaymentAttempt?.toISOString() ?? null,
      ...amountDue(sub, price.currency),
      pause:
        sub.pauseStartsAt && sub.pauseResumesAt
          ? { starts_at: sub.pauseStartsAt.toISOString(), resumes_at: sub.pauseResumesAt.toISOString() }
          : null,
    }))
    .sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status]);

  return {
    subscriptions: { data: subscriptionData },
    had_trial: user.hadTrial,
    charges: latest.charges.map(toCharge),
    charges_cursor: latest.next ? encodeCursor(latest.next) : null,
    held_prices: held,
  };
}

type Charge = components['schemas']['Charge'];

/** A charge row in the spec's shape. */
const toCharge = (c: ChargeRow): Charge => ({
  id: c.id,
  amount: c.amount,
  currency: c.currency,
  paid: c.paid,
  refunded: c.refunded,
  created: c.createdAt.toISOString(),
  payment_method: c.paymentMethod,
  description: c.description,
  invoice: { lines: { data: [{ price: { id: c.priceId } }] } },
});

/** A page of My Purchases: the latest charges, or those after the cursor of the page before. */
export async function chargesPage(
  db: Database,
  userId: string,
  cursor: string | undefined,
): Promise<{ charges: Charge[]; nextCursor: string | null }> {
  let page: ChargesPage;
  if (cursor === undefined) page = await memberCharges(db, userId);
  else {
    const after = decodeCursor(cursor);
    if (!after) throw badRequest('accounts.badCursor');
    page = await memberChargesAfter(db, userId, after);
  }
  return { charges: page.charges.map(toCharge), nextCursor: page.next ? encodeCursor(page.next) : null };
}

export async function toUserView(db: Database, user: UserRow, sessionToken: string): Promise<User> {
  return userView(user, sessionToken, await customerView(db, user));
}

/** The view of the member's own row, with the customer part read now or kept (decision 097). */
export function userView(user: UserRow, sessionToken: string, customer: User['customer']): User {
  return {
    _id: user.id,
    token: sessionToken,
    email: user.email,
    email_verified: user.emailVerified,
    profile: {
      name: user.name,
      image: user.image,
      phone: user.phone,
      endPlan_date: user.nativePlanEnd?.toISOString() ?? null,
      subscribed_plan: user.nativePlan,
      subscription_plan_type: user.nativePlanType,
      member_since: user.createdAt.toISOString(),
      locale: user.locale,
    },
    // The member's row is read on every request, the rest may be kept (decision 097).
    customer: { ...customer, had_trial: user.hadTrial },
  };
}

/** Beside a kept session: its member was found to have no subscription (decision 179). */
const NO_SUBSCRIPTIONS = { reading: 'no subscriptions' };

/**
 * The view of a session's member read afresh, without their subscriptions while the session kept in
 * memory says they have none: a subscription written for them names them (migration 0020), which
 * ends the kept session and this with it. Found to have none, that is kept beside the session.
 */
async function sessionViewRows(db: Database, auth: Auth & { kind: 'session' }): Promise<MemberViewRows> {
  const began = beginRead(db);
  const none = keptBeside(db, auth.tokenHash, new Date(), NO_SUBSCRIPTIONS) === true;
  const rows = await memberViewRows(db, auth.user, { subscriptions: !none });
  if (!none && began && rows.subscriptions.length === 0)
    keepBeside(db, began, auth.tokenHash, auth.user.id, { of: NO_SUBSCRIPTIONS, rows: true });
  return rows;
}

/**
 * The caller's own view. A session's customer part may be the one kept for it a moment ago (decision
 * 097); a verification link opens its one session and shows the user with it.
 */
export async function callerView(
  { db, memberViews }: { db: Database; memberViews: MemberViews },
  auth: Auth,
  sessionToken: string,
): Promise<User> {
  if (auth.kind === 'session') {
    let customer = memberViews.customer(auth.tokenHash, auth.user);
    if (!customer) {
      const view = readWith(auth, viewAlongside);
      customer = customerOf(auth.user, view ?? (await sessionViewRows(db, auth)));
      memberViews.keep(auth, customer);
    }
    return userView(auth.user, sessionToken, customer);
  }
  const token = await sessionFromLink(db, auth.tokenHash, auth.user);
  if (!token) throw unauthorized('accounts.linkUsedSignIn');
  return toUserView(db, auth.user, token);
}

/**
 * The member a page opened with this session's cookie is rendered for (decision 127): their own view,
 * as the session's GET /api/user gives it, or null when the session no longer holds (signed out,
 * revoked, expired). An outage is thrown, as for any call.
 */
export async function pageMember(
  context: { db: Database; memberViews: MemberViews },
  sessionToken: string,
): Promise<User | null> {
  let auth: Auth;
  try {
    auth = await authenticate(context.db, sessionToken, {
      memberViews: context.memberViews,
      read: viewAlongside,
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return null;
    throw error;
  }
  return callerView(context, auth, sessionToken);
}
