// A trainer's members from the admin API: a page of them (found by email if asked), and one with
// every subscription, charge and grant, in the shapes the refund, cancel and grant answers share,
// and what they can open.
import { planName } from '../../domain/billing/billing-text.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { Database } from '../db/index.ts';
import { notFound } from '../errors.ts';
import type { LibraryService } from '../library/library-service.ts';
import { memberCancelReasons } from '../payments/retention.repository.ts';
import { findTrainer } from './admin.repository.ts';
import { grantsOf } from './grants.repository.ts';
import { toAdminGrant } from './grants.ts';
import {
  type ChargeRow,
  chargeCounts,
  chargesOf,
  findMember,
  type MemberFilter,
  membersPage,
  type SubscriptionWithPlan,
  subscriptionsOf,
} from './members.repository.ts';

export type AdminMember = components['schemas']['AdminMember'];
export type AdminMemberSummary = components['schemas']['AdminMemberSummary'];
export type AdminSubscription = components['schemas']['AdminSubscription'];
export type AdminCharge = components['schemas']['AdminCharge'];

const iso = (d: Date | null) => d?.toISOString() ?? null;
const planOf = ({ price, productName }: SubscriptionWithPlan) => planName(productName, price, 'en');

export const toAdminSubscription = (row: SubscriptionWithPlan): AdminSubscription => ({
  id: row.sub.id,
  priceId: row.sub.priceId,
  plan: planOf(row),
  amount: row.price.amount,
  currency: row.price.currency,
  status: row.sub.status,
  cancelAtPeriodEnd: row.sub.cancelAtPeriodEnd,
  currentPeriodEnd: row.sub.currentPeriodEnd.toISOString(),
  trialEnd: iso(row.sub.trialEnd),
  endedAt: iso(row.sub.endedAt),
  paymentMethod: row.sub.paymentMethod,
  createdAt: row.sub.createdAt.toISOString(),
});

export const toAdminCharge = (row: ChargeRow): AdminCharge => ({
  id: row.id,
  priceId: row.priceId,
  description: row.description,
  amount: row.amount,
  currency: row.currency,
  paid: row.paid,
  refunded: row.refunded,
  refundedAt: iso(row.refundedAt),
  paymentMethod: row.paymentMethod,
  invoiceId: row.invoiceId,
  createdAt: row.createdAt.toISOString(),
});

async function knownTrainer(db: Database, trainerId: string): Promise<void> {
  if (!(await findTrainer(db, trainerId))) throw notFound('accounts.unknownTrainer');
}

export type MembersQuery = MemberFilter & { cursor?: string | undefined; limit?: number | undefined };

/** A page of the trainer's members from a cursor, each with their newest subscription (decision 145). */
export async function listMembers(
  db: Database,
  trainerId: string,
  query: MembersQuery,
): Promise<{
  members: AdminMemberSummary[];
  total: number;
  totalExact: boolean;
  limit: number;
  nextCursor: string | null;
}> {
  await knownTrainer(db, trainerId);
  const limit = query.limit ?? 50;
  const page = await membersPage(db, trainerId, { ...query, limit });
  const ids = page.members.map((m) => m.id);
  const subs = await subscriptionsOf(db, trainerId, ids);
  const counts = await chargeCounts(db, trainerId, ids);
  const members = page.members.map((m): AdminMemberSummary => {
    // Newest first, so the first one found is the member's newest.
    const newest = subs.find((s) => s.sub.userId === m.id);
    return {
      id: m.id,
      email: m.email,
      name: m.name,
      createdAt: m.createdAt.toISOString(),
      status: newest?.sub.status ?? 'none',
      subscriptionId: newest?.sub.id ?? null,
      plan: newest ? planOf(newest) : null,
      charges: counts.get(m.id) ?? 0,
    };
  });
  return { members, total: page.total, totalExact: page.totalExact, limit, nextCursor: page.nextCursor };
}

/** The member with their payments, their grants, and what they can open and why (decision 138). */
export async function showMember(
  db: Database,
  library: Pick<LibraryService, 'overview'>,
  trainerId: string,
  memberId: string,
): Promise<AdminMember> {
  await knownTrainer(db, trainerId);
  const member = await findMember(db, trainerId, memberId);
  if (!member) throw notFound('admin.unknownMember', { trainerId, id: memberId });
  const subs = await subscriptionsOf(db, trainerId, [member.id]);
  const paid = await chargesOf(db, trainerId, member.id);
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    createdAt: member.createdAt.toISOString(),
    subscriptions: subs.map(toAdminSubscription),
    charges: paid.map(toAdminCharge),
    grants: (await grantsOf(db, trainerId, member.id)).map(toAdminGrant),
    access: await library.overview(member.id),
    cancellationReasons: (await memberCancelReasons(db, trainerId, member.id)).map((r) => ({
      reason: r.reason,
      comment: r.comment,
      offer: r.offer,
      outcome: r.outcome,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
