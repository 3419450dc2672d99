// The operator's grants through the admin API (decision 138): a challenge, a course or the membership
// given to a member from now until the end of a UTC day or with no end, and revoked; every refusal a
// 4xx that changes nothing; every change an audit row; adminGetMember lists the grants and what the
// member can open and why, as the member's own library says it.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessGrants, adminAudit } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, DAY } from './hosted-pages.ts';
import { COURSE, ENTRY, libraryCalls, moneyDriver, PRICE, SHRED } from './library-calls.ts';
import { type Member, TEST_ENV } from './members.ts';

const TOKEN = 'grants-admin-token-long-enough-0123456789';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Marta' };
const OTHER = 'other-trainer';

let t: TestApp;
const driver = billingDriver(() => t);
const api = libraryCalls(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
  await seedTrainer(t.context.db, { id: OTHER, name: 'Other Trainer' });
});
afterAll(() => t.close());

const call = adminCalls(() => t, headers);
const grantsUrl = (member: string, trainer = DEMO_TRAINER_ID) =>
  `/api/admin/trainers/${trainer}/members/${encodeURIComponent(member)}/grants`;
const grant = (member: string, payload: object, trainer?: string) =>
  call('adminGrantAccess', 'POST', grantsUrl(member, trainer), payload);
const revoke = (member: string, id: string) =>
  call('adminRevokeGrant', 'DELETE', `${grantsUrl(member)}/${id}`);
const show = (member: string) =>
  call(
    'adminGetMember',
    'GET',
    `/api/admin/trainers/${DEMO_TRAINER_ID}/members/${encodeURIComponent(member)}`,
  );
const rowsOf = (member: Member) =>
  t.context.db.select().from(accessGrants).where(eq(accessGrants.userId, member.id));
const auditOf = (subject: string) =>
  t.context.db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.subject, subject))
    .orderBy(asc(adminAudit.createdAt));
const utcDate = (d: Date) => d.toISOString().slice(0, 10);

describe('granting', () => {
  it('opens a course by its slug until the end of the named UTC day, audited, with no email', async () => {
    const m = await createMember(t.context);
    const today = await clockNow(t.context.db, m.id);
    const lastDay = utcDate(new Date(today.getTime() + 3 * DAY));
    const { res, body } = await grant(m.email, { target: 'strength-foundations', until: lastDay });
    expect(res.statusCode, res.body).toBe(201);
    const g = body.grant as { id: string; until: string; product: unknown; actor: string; target: string };
    expect(g).toMatchObject({
      target: 'demo-trainer-course',
      product: { id: 'demo-trainer-course', slug: 'strength-foundations', name: 'Strength Foundations' },
      actor: 'Marta',
      until: `${utcDate(new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY))}T00:00:00.000Z`,
    });
    expect((await api.item(m, COURSE)).ok?.item).toMatchObject({ via: 'grant', until: g.until });
    expect(await auditOf(g.id)).toMatchObject([
      { action: 'adminGrantAccess', actor: 'Marta', before: null, after: g },
    ]);
    expect(await driver.mailTo(m)).toEqual([]);

    // The day after its last day, it is closed.
    await driver.advance(m, 4.01);
    expect((await api.item(m, COURSE)).refusal?.reason).toBe('grantEnded');
  });

  it('opens the whole library with membership, plan-limited entries included', async () => {
    const m = await createMember(t.context);
    expect((await grant(m.id, { target: 'membership' })).res.statusCode).toBe(201);
    expect((await api.unit(m, ENTRY.annualOnly, 'main')).status).toBe(200);
    const listed = (await api.library(m)).ok?.items ?? [];
    expect(listed.length).toBeGreaterThanOrEqual(12);
    expect(listed.every((i) => i.via === 'grant' && i.until === null)).toBe(true);
  });

  it('refuses what it cannot grant with a 4xx and changes nothing', async () => {
    const m = await createMember(t.context);
    const yesterday = utcDate(new Date((await clockNow(t.context.db, m.id)).getTime() - DAY));
    const refusals: [object, number, RegExp][] = [
      [{ target: 'no-such-product' }, 404, /has no product no-such-product/],
      [{ target: 'membership', until: yesterday }, 400, /is before today/],
      [{ target: 'membership', until: '2031-02-30' }, 400, /date|until/],
      [{ target: 'demo-trainer-membership' }, 400, /granted as membership/],
      [{ target: 'membership', extra: 1 }, 400, /“extra” is not something this request takes/],
    ];
    for (const [payload, status, message] of refusals) {
      const { res, body } = await grant(m.email, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(body.message).toMatch(message);
    }
    expect((await grant('nobody@example.test', { target: 'membership' })).res.statusCode).toBe(404);
    // Another trainer's member is not this trainer's.
    expect((await grant(m.email, { target: 'membership' }, OTHER)).res.statusCode).toBe(404);
    expect(await rowsOf(m)).toEqual([]);
  });
});

describe('revoking', () => {
  it('closes what the grant opened at once, unless a purchase opens it; twice is refused', async () => {
    const m = await createMember(t.context);
    const { body } = await grant(m.email, { target: '30-day-shred' });
    const id = (body.grant as { id: string }).id;
    expect((await api.item(m, SHRED)).status).toBe(200);
    const revoked = await revoke(m.email, id);
    expect(revoked.res.statusCode).toBe(200);
    expect((revoked.body.grant as { revokedAt: string | null }).revokedAt).not.toBeNull();
    expect((await api.item(m, SHRED)).refusal?.reason).toBe('grantEnded');
    const again = await revoke(m.email, id);
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(`Grant ${id} is already revoked`);
    expect((await revoke(m.email, 'grt_unknown')).res.statusCode).toBe(404);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['adminGrantAccess', 'adminRevokeGrant']);

    // Bought after all: the purchase keeps it open whatever the grants do.
    await moneyDriver(driver).buy(m, PRICE.challenge);
    expect((await api.item(m, SHRED)).ok?.item.via).toBe('purchase');
  });
});

describe('adminGetMember', () => {
  it('lists the grants and what the member can open and why, as their library does', async () => {
    const m = await createMember(t.context);
    await moneyDriver(driver).buy(m, PRICE.challenge);
    await moneyDriver(driver).refund(m, PRICE.challenge);
    await grant(m.email, { target: 'strength-foundations' });
    const { body } = await show(m.email);
    const member = body.member as { grants: { target: string }[]; access: object[] };
    expect(member.grants.map((g) => g.target)).toEqual(['demo-trainer-course']);
    expect(member.access).toEqual([
      {
        item: SHRED,
        title: '30-Day Shred',
        open: false,
        via: null,
        since: null,
        until: null,
        reason: 'refunded',
      },
      expect.objectContaining({
        item: COURSE,
        title: 'Strength Foundations',
        open: true,
        via: 'grant',
        reason: null,
      }),
    ]);
  });
});
