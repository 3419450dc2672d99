// What the membership and a grant open, through the real server on the sandbox gateway: the library
// while paid and to the end of a cancelled period, not while a renewal is overdue, a plan-limited
// entry with its plan; a grant until revoked.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { DAY, FAILS_LATER } from './hosted-pages.ts';
import { ADMIN, api, driver, libraryApp, money, t } from './library.fixtures.ts';
import { ENTRY, PRICE, SHRED } from './library-calls.ts';

libraryApp();

describe('the membership', () => {
  it('opens the library while paid, not a plan-limited entry, and keeps it to the end of a cancelled period', async () => {
    const m = await createMember(t.context, { hadTrial: true });
    await driver.subscribe(m, PRICE.monthly);
    expect((await api.unit(m, ENTRY.everyPlan, 'main')).ok?.unit.state).toBe('open');
    const limited = await api.item(m, ENTRY.annualOnly);
    expect(limited.refusal).toMatchObject({ reason: 'planNotIncluded', product: { kind: 'membership' } });
    // A subscription opens no challenge.
    expect((await api.item(m, SHRED)).refusal?.reason).toBe('notHeld');

    expect(await money.cancelAtPeriodEnd(m)).toBe(true);
    const live = await money.live(m);
    const library = (await api.library(m)).ok;
    const entry = library?.items.find((i) => `${i.kind}/${i.slug}` === ENTRY.everyPlan);
    expect(entry).toMatchObject({ via: 'subscription', until: live?.current_period_end });
    expect(library?.locked.map((l) => [`${l.kind}/${l.slug}`, l.reason])).toContainEqual([
      ENTRY.annualOnly,
      'planNotIncluded',
    ]);

    await driver.advance(m, 32);
    const ended = await api.unit(m, ENTRY.everyPlan, 'main');
    expect(ended.refusal).toMatchObject({ reason: 'ended', product: { kind: 'membership' } });
  });

  it('pauses the library while a renewal is overdue and opens it again when a new card pays', async () => {
    const m = await createMember(t.context, { hadTrial: true });
    await driver.subscribe(m, PRICE.weekly, FAILS_LATER);
    await driver.advance(m, 7.1);
    expect((await money.live(m))?.status).toBe('past_due');
    const overdue = await api.item(m, ENTRY.everyPlan, 'es');
    expect(overdue.refusal).toMatchObject({ reason: 'overdue' });
    expect(overdue.refusal?.message).toMatch(/actualiza tu tarjeta/);
    expect(await money.changeCard(m, { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' })).toBe(
      303,
    );
    expect((await api.item(m, ENTRY.everyPlan)).status).toBe(200);
  });
  it('opens the entries for every plan to a native subscription until its end date, not a plan-limited one', async () => {
    const m = await createMember(t.context);
    const end = new Date(Date.now() + 3 * DAY);
    await t.context.db.update(users).set({ nativePlan: '1', nativePlanEnd: end }).where(eq(users.id, m.id));
    expect((await api.unit(m, ENTRY.everyPlan, 'main')).status).toBe(200);
    // Its plan type is no price's lookup key: an entry limited to a plan is not its.
    expect((await api.unit(m, ENTRY.annualOnly, 'main')).refusal?.reason).toBe('planNotIncluded');
    const entry = (await api.library(m)).ok?.items.find((i) => `${i.kind}/${i.slug}` === ENTRY.everyPlan);
    expect(entry).toMatchObject({ via: 'subscription', until: end.toISOString() });
    await t.context.db
      .update(users)
      .set({ nativePlanEnd: new Date(Date.now() - DAY) })
      .where(eq(users.id, m.id));
    expect((await api.item(m, ENTRY.everyPlan)).refusal?.reason).toBe('ended');
  });
});

describe('a grant', () => {
  it('opens its product until revoked, then closes it with the reason', async () => {
    const m = await createMember(t.context);
    const url = `/api/admin/trainers/demo-trainer/members/${m.email}/grants`;
    const granted = await t.app.inject({
      method: 'POST',
      url,
      headers: ADMIN,
      payload: { target: '30-day-shred' },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const { grant } = expectContract(granted, 'adminGrantAccess') as { grant: { id: string } };
    expect((await api.library(m)).ok?.items.map((i) => [i.slug, i.via])).toEqual([['30-day-shred', 'grant']]);
    const revoked = await t.app.inject({ method: 'DELETE', url: `${url}/${grant.id}`, headers: ADMIN });
    expect(expectContract(revoked, 'adminRevokeGrant')).toMatchObject({ grant: { id: grant.id } });
    expect((await api.item(m, SHRED)).refusal).toMatchObject({
      reason: 'grantEnded',
      message: 'Your access to 30-Day Shred has ended',
    });
  });
});
