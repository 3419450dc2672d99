// The studio's members and money (decision 143): the trainer's members a keyset page at a time, a
// member's page, and the refund and cancellation with a preview first. Each change goes through the
// admin API's own service (member-payments.ts, grants.ts) with the staff member as the actor, so the
// rules, the gateway's part and the audit are those of the operator's commands. A preview's fields
// are the confirmation's words; a refund confirmed at an amount that is no longer what would be
// refunded is refused with the new preview, so the amount confirmed is the amount refunded.

import { planName } from '../../domain/billing/billing-text.ts';
import { amountWithCode } from '../../domain/billing/major-units.ts';
import type { Locale } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { StaffCaller } from '../admin/audit.ts';
import { grantsOf } from '../admin/grants.repository.ts';
import { cancelSubscription, refundCharge, refuseCancel, refuseRefund } from '../admin/member-payments.ts';
import {
  findCharge,
  findMember,
  findSubscription,
  siblingLines,
  subscriptionsOf,
} from '../admin/members.repository.ts';
import { showMember } from '../admin/members.ts';
import type { ServerContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { memberNow } from '../library/holdings.ts';
import { memberAccessRows } from '../library/library.repository.ts';
import type { LibraryService } from '../library/library-service.ts';
import { MAX_MAIL_ATTEMPTS } from '../mail/mailer.ts';
import {
  auditAbout,
  auditAfter,
  emailsTo,
  failingOf,
  findPriceProduct,
  type Keyset,
  type MemberFilters,
  membersAfter,
  otherPaidPurchases,
} from './studio.repository.ts';

type Schemas = components['schemas'];
type AuditRow = Awaited<ReturnType<typeof auditAbout>>[number];

const PAGE = 50;
const MEMBER_PAGE_ROWS = 50;

export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify([keyset.at, keyset.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (cursor === undefined) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at))) return { at, id };
  } catch {
    // Refused below, as anything else not made by encodeCursor.
  }
  throw badRequest('studio.badCursor');
}

export async function listMembers(
  db: Database,
  trainerId: string,
  query: MemberFilters & { cursor?: string | undefined; limit?: number | undefined },
  locale: Locale,
): Promise<{ members: Schemas['StudioMemberSummary'][]; nextCursor: string | null }> {
  const limit = query.limit ?? PAGE;
  // One more than the page shows says whether there is a next page.
  const rows = await membersAfter(db, trainerId, query, decodeCursor(query.cursor), limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.member.id);
  const subs = await subscriptionsOf(db, trainerId, ids);
  const failing = await failingOf(db, trainerId, ids);
  const members = page.map(({ member }): Schemas['StudioMemberSummary'] => {
    const newest = subs.find((s) => s.sub.userId === member.id);
    return {
      id: member.id,
      name: member.name,
      email: member.email,
      createdAt: member.createdAt.toISOString(),
      status: newest?.sub.status ?? 'none',
      planName: newest ? planName(newest.productName, newest.price, locale) : null,
      failing: failing.has(member.id),
    };
  });
  const last = page.at(-1);
  return {
    members,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.member.id }) : null,
  };
}

export const toAuditEntry = (row: AuditRow): Schemas['StudioAuditEntry'] => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  // The operator's own name (admin-actor) is the platform's business; the trainer sees "operator".
  actor:
    row.actorKind === 'staff'
      ? { kind: 'staff', name: row.actor, email: row.actorEmail }
      : { kind: 'operator', name: 'operator', email: null },
  action: row.action,
  subject: row.subject,
  before: row.before ?? null,
  after: row.after ?? null,
});

export async function listAudit(db: Database, trainerId: string, cursor: string | undefined) {
  const rows = await auditAfter(db, trainerId, decodeCursor(cursor), PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    audit: page.map((r) => toAuditEntry(r.row)),
    nextCursor: rows.length > PAGE && last ? encodeCursor({ at: last.at, id: last.row.id }) : null,
  };
}

const emailStatus = (row: { sentAt: Date | null; attempts: number }) =>
  row.sentAt ? 'sent' : row.attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending';

export async function showStudioMember(
  db: Database,
  library: Pick<LibraryService, 'overview' | 'library'>,
  trainerId: string,
  memberId: string,
  locale: Locale,
): Promise<Schemas['StudioMember']> {
  // By id only: the studio names members by the id its lists give.
  const found = await findMember(db, trainerId, memberId);
  if (!found || found.id !== memberId) throw notFound('admin.unknownMember', { trainerId, id: memberId });
  const member = await showMember(db, library, trainerId, memberId);
  const subjects = [
    member.id,
    ...member.charges.map((c) => c.id),
    ...member.subscriptions.map((s) => s.id),
    ...member.grants.map((g) => g.id),
  ];
  const { items } = await library.library({ id: member.id }, locale);
  return {
    ...member,
    verified: found.emailVerified,
    emails: (await emailsTo(db, trainerId, member.id, MEMBER_PAGE_ROWS)).map((e) => ({
      template: e.template ?? 'unknown',
      subject: e.subject,
      sentAt: e.sentAt?.toISOString() ?? null,
      status: emailStatus(e),
    })),
    audit: (await auditAbout(db, trainerId, subjects, MEMBER_PAGE_ROWS)).map(toAuditEntry),
    progress: items.map((i) => ({
      item: `${i.kind}/${i.slug}`,
      title: i.title,
      done: i.progress.done,
      total: i.progress.total,
    })),
  };
}

/** "Visa •••• 4242" as the gateway's events write a payment method; null for anything else. */
export function cardOf(paymentMethod: string | null): Schemas['StudioCard'] {
  const match = /^(.+?) •••• (\d{4})$/.exec(paymentMethod ?? '');
  return match?.[1] && match[2] ? { brand: match[1], last4: match[2] } : null;
}

async function memberTime(db: Database, userId: string): Promise<Date> {
  const rows = await memberAccessRows(db, userId);
  return rows ? memberNow(rows) : new Date();
}

export async function previewRefund(
  db: Database,
  library: Pick<LibraryService, 'overview'>,
  trainerId: string,
  chargeId: string,
): Promise<Schemas['StudioRefundPreview']> {
  const charge = await findCharge(db, trainerId, chargeId);
  if (!charge) throw notFound('admin.unknownCharge', { trainerId, id: chargeId });
  // What refunding could never do is refused as the refund would refuse it; refunded already is
  // said in the preview, which the page shows instead of a button.
  if (!charge.refunded) refuseRefund(charge, undefined, await siblingLines(db, charge));
  const loses: Schemas['StudioLoss'][] = [];
  const subs = await subscriptionsOf(db, trainerId, [charge.userId]);
  const ofSubscription = subs.some((s) => s.sub.priceId === charge.priceId);
  if (!ofSubscription && !charge.refunded) {
    // A challenge or course bought: lost unless something else (a grant, another purchase) opens it.
    const product = (await findPriceProduct(db, trainerId, charge.priceId)) ?? null;
    if (product && product.kind !== 'subscription') {
      const access = await library.overview(charge.userId);
      const item = access.find((a) => a.item === `${product.kind}/${product.slug}`);
      const keptOtherwise = item?.open && item.via !== 'purchase';
      const otherPurchases = await otherPaidPurchases(db, trainerId, charge.userId, product.id, charge.id);
      if (!keptOtherwise && otherPurchases === 0) loses.push({ kind: product.kind, name: product.name });
    }
  }
  return {
    chargeID: charge.id,
    amount: charge.amount,
    currency: charge.currency,
    card: cardOf(charge.paymentMethod),
    productName: charge.description,
    loses,
    alreadyRefunded: charge.refunded,
  };
}

export async function refundAsConfirmed(
  context: ServerContext,
  library: Pick<LibraryService, 'overview'>,
  caller: StaffCaller,
  chargeId: string,
  confirmed: { amount: number; currency: string },
) {
  const preview = await previewRefund(context.db, library, caller.trainerId, chargeId);
  if (preview.alreadyRefunded) {
    throw new HttpError(409, 'studio.alreadyRefunded', { id: chargeId }, {}, { refund: preview });
  }
  if (preview.amount !== confirmed.amount || preview.currency !== confirmed.currency) {
    const amount = amountWithCode(preview.amount, preview.currency);
    throw new HttpError(409, 'studio.refundChanged', { amount }, {}, { refund: preview });
  }
  // The admin refund refuses, under its lock, any amount but the charge's whole one: a change
  // between this check and the refund refunds nothing rather than another amount.
  return refundCharge(context, caller, caller.trainerId, chargeId, { amount: confirmed.amount });
}

export async function previewCancel(
  db: Database,
  trainerId: string,
  subscriptionId: string,
  at: 'now' | 'period_end',
  locale: Locale,
): Promise<Schemas['StudioCancelPreview']> {
  const row = await findSubscription(db, trainerId, subscriptionId);
  if (!row) throw notFound('admin.unknownSubscription', { trainerId, id: subscriptionId });
  refuseCancel(row.sub, at === 'period_end');
  const endsAt = at === 'now' ? await memberTime(db, row.sub.userId) : row.sub.currentPeriodEnd;
  const name = planName(row.productName, row.price, locale);
  // A membership grant that outlasts the end keeps the library open.
  const grants = await grantsOf(db, trainerId, row.sub.userId);
  const grantKeeps = grants.some(
    ({ grant }) =>
      grant.target === 'membership' && !grant.revokedAt && (grant.until === null || grant.until > endsAt),
  );
  return {
    subscriptionID: row.sub.id,
    at,
    endsAt: endsAt.toISOString(),
    planName: name,
    amount: row.price.amount,
    currency: row.price.currency,
    loses: grantKeeps ? [] : [{ kind: 'membership', name }],
  };
}

export function cancelAsAsked(
  context: ServerContext,
  caller: StaffCaller,
  subscriptionId: string,
  at: 'now' | 'period_end',
) {
  return cancelSubscription(context, caller, caller.trainerId, subscriptionId, {
    atPeriodEnd: at === 'period_end',
  });
}
