// The operator's grants ("comp", decision 138): a challenge, a course or the membership given to a
// member from now until a UTC day or with no end, and revoked at once. A grant is a holding like a
// purchase (domain/access); no money moves and no email is sent. Both changes are audited with the
// grant before and after. "Now" is the member's time, the sandbox clock's in development, so a grant
// opens what the member's pages see.

import type { components } from '../../openapi/schema.d.ts';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { memberNow } from '../library/holdings.ts';
import { memberAccessRows } from '../library/library.repository.ts';
import { findTrainer, transaction } from './admin.repository.ts';
import { type Actor, actorName, auditChange } from './audit.ts';
import {
  type GrantWithProduct,
  insertGrant,
  lockGrant,
  productsNamed,
  revokeGrantRow,
} from './grants.repository.ts';
import { findMember } from './members.repository.ts';

export type AdminGrant = components['schemas']['AdminGrant'];

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const utcDate = (d: Date) => d.toISOString().slice(0, 10);

export const toAdminGrant = ({ grant, product }: GrantWithProduct): AdminGrant => ({
  id: grant.id,
  target: grant.target,
  product: product && { id: product.id, slug: product.slug ?? product.id, name: product.name },
  startsAt: grant.startsAt.toISOString(),
  until: iso(grant.until),
  revokedAt: iso(grant.revokedAt),
  actor: grant.actor,
  createdAt: grant.createdAt.toISOString(),
});

/** The member and their time. */
async function memberOf(context: ServerContext, trainerId: string, memberId: string) {
  if (!(await findTrainer(context.db, trainerId))) throw notFound('accounts.unknownTrainer');
  const member = await findMember(context.db, trainerId, memberId);
  if (!member) throw notFound('admin.unknownMember', { trainerId, id: memberId });
  const rows = await memberAccessRows(context.db, member.id);
  return { member, now: rows ? memberNow(rows) : new Date() };
}

/** `until` names the last UTC day it is open: it closes at 00:00 UTC of the next. */
function endOf(until: string, now: Date): Date {
  const day = new Date(`${until}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(day.getTime()) || utcDate(day) !== until) {
    throw badRequest('admin.grantUntilInvalid', { value: until });
  }
  if (until < utcDate(now)) throw badRequest('admin.grantUntilPast', { until, today: utcDate(now) });
  return new Date(day.getTime() + DAY_MS);
}

/** `membership`, or the id of the challenge or course named. */
async function targetOf(context: ServerContext, trainerId: string, target: string) {
  if (target === 'membership') return { target, product: null };
  const named = await productsNamed(context.db, trainerId, target);
  const product = named.find((p) => p.id === target) ?? (named.length === 1 ? named[0] : undefined);
  if (!product && named.length > 1) {
    throw badRequest('admin.grantAmbiguous', {
      trainerId,
      slug: target,
      ids: named.map((p) => p.id).join(', '),
    });
  }
  if (!product) throw notFound('admin.unknownProduct', { trainerId, id: target });
  if (product.kind === 'subscription') throw badRequest('admin.grantMembershipProduct', { id: product.id });
  return { target: product.id, product: { id: product.id, slug: product.slug, name: product.name } };
}

export async function grantAccess(
  context: ServerContext,
  caller: Actor,
  trainerId: string,
  memberId: string,
  input: { target: string; until?: string },
): Promise<AdminGrant> {
  const { member, now } = await memberOf(context, trainerId, memberId);
  const { target, product } = await targetOf(context, trainerId, input.target);
  const until = input.until === undefined ? null : endOf(input.until, now);
  const grant = {
    id: newId('grt'),
    trainerId,
    userId: member.id,
    target,
    startsAt: now,
    until,
    revokedAt: null,
    actor: actorName(caller),
    createdAt: new Date(),
  };
  const answer = toAdminGrant({ grant, product });
  await transaction(context.db, async (tx) => {
    await insertGrant(tx, grant);
    await auditChange(tx, caller, trainerId, 'adminGrantAccess', grant.id, null, answer);
  });
  return answer;
}

export async function revokeGrant(
  context: ServerContext,
  caller: Actor,
  trainerId: string,
  memberId: string,
  grantId: string,
): Promise<AdminGrant> {
  const { member, now } = await memberOf(context, trainerId, memberId);
  return transaction(context.db, async (tx) => {
    const found = await lockGrant(tx, trainerId, member.id, grantId);
    if (!found) throw notFound('admin.unknownGrant', { memberId, id: grantId });
    const { grant } = found;
    if (grant.revokedAt) throw conflict('admin.grantRevoked', { id: grantId });
    if (grant.until && grant.until <= now) {
      throw conflict('admin.grantEnded', { id: grantId, date: utcDate(new Date(grant.until.getTime() - 1)) });
    }
    await revokeGrantRow(tx, grantId, now);
    const after = toAdminGrant({ ...found, grant: { ...grant, revokedAt: now } });
    await auditChange(tx, caller, trainerId, 'adminRevokeGrant', grantId, toAdminGrant(found), after);
    return after;
  });
}
