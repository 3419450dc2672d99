// The members' content through the real server on the sandbox gateway: who may open what, and every
// refusal the contract declares (401 for a visitor, 403 with the reason and the product to buy and
// never the content, 403 with the date before a unit's day, 404 for what does not exist), in the
// member's language. Expected states are written from the words: a purchase opens its product
// until refunded; a subscription opens the library while it is paid, until the end of a cancelled
// period, and not while a renewal is overdue; a plan-limited entry needs its plan; a grant opens until
// revoked; day N opens N-1 UTC days after the first opening.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessGrants, charges, libraryProgress, prices, products, users } from '../../server/db/schema.ts';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { closedAfterEach, startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, DAY, FAILS_LATER } from './hosted-pages.ts';
import { COURSE, ENTRY, libraryCalls, moneyDriver, PRICE, SHRED } from './library-calls.ts';
import { getUser, TEST_ENV } from './members.ts';

const ADMIN = { 'admin-token': 'library-admin-token-long-enough-0123456789', 'admin-actor': 'Ana Operator' };

let t: TestApp;
const driver = billingDriver(() => t);
const money = moneyDriver(driver);
const api = libraryCalls(() => t);
beforeAll(async () => {
  // A member's view is kept long, so a test can show that access is never read from it.
  t = await startTestApp({
    env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'], MEMBER_VIEW_MAX_AGE_MS: '10000' },
  });
});
afterAll(() => t.close());

const utcMidnight = (at: Date, plusDays = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + plusDays));

async function firstUnits(member: { token: string }, item: string) {
  const answer = await api.item(member, item);
  expect(answer.status, answer.res.body).toBe(200);
  return answer.ok?.item.units ?? [];
}

describe('a visitor', () => {
  it('is asked to sign in (401) by every library operation, with no content', async () => {
    const answers = [
      await api.library(null),
      await api.item(null, SHRED),
      await api.unit(null, SHRED, 'any'),
      await api.mark(null, SHRED, 'any', true),
    ];
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(Object.keys(a.res.json()).sort()).toEqual(['message', 'success']);
    }
  });
});

describe('a member who holds nothing', () => {
  it('has an empty library, and is refused each item with why and what to buy, never its content', async () => {
    const m = await createMember(t.context);
    expect((await api.library(m)).ok).toEqual({ success: true, items: [], locked: [] });

    const shred = await api.item(m, SHRED);
    expect(shred.status).toBe(403);
    expect(shred.refusal).toMatchObject({
      reason: 'notHeld',
      message: '30-Day Shred is not among what you hold: buy it to open it',
      product: { kind: 'challenge', slug: '30-day-shred', name: '30-Day Shred' },
    });
    expect(shred.refusal?.product?.plans.map((p) => [p.id, p.amount])).toEqual([[PRICE.challenge, 4900]]);
    expect(shred.res.body).not.toMatch(/units|blocks|Full-body foundations/);

    // The course offers both of its prices; a library entry, the membership's plans.
    const course = await api.item(m, COURSE, 'es');
    expect(course.refusal).toMatchObject({
      reason: 'notHeld',
      product: { kind: 'course', name: 'Fundamentos de fuerza' },
    });
    expect(course.refusal?.product?.plans.map((p) => p.amount)).toEqual([9900, 14900]);
    expect(course.refusal?.message).toBe(
      'Fundamentos de fuerza no está entre lo que tienes: cómpralo para abrirlo',
    );
    const entry = await api.unit(m, ENTRY.everyPlan, 'main');
    expect(entry.refusal).toMatchObject({ reason: 'notHeld', product: { kind: 'membership', slug: null } });
    expect(entry.refusal?.product?.plans.length).toBe(6);
    // A plan-limited entry offers only the plans that include it.
    const annual = await api.item(m, ENTRY.annualOnly);
    expect(annual.refusal?.product?.plans.map((p) => p.id)).toEqual([PRICE.annual]);

    const marked = await api.mark(m, SHRED, 'any', true);
    expect(marked.status).toBe(403);
    expect(marked.refusal?.reason).toBe('notHeld');
  });

  it('gets 404 for an item or a unit that does not exist, and 400 for a kind the contract does not know', async () => {
    const m = await createMember(t.context);
    for (const answer of [
      await api.item(m, 'challenge/no-such-challenge'),
      await api.item(m, 'workout/no-such-workout'),
      await api.unit(m, 'course/30-day-shred', 'main'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.refusal?.message).toBe('There is nothing in the library at this address');
    }
    await money.buy(m, PRICE.challenge);
    const unit = await api.unit(m, SHRED, 'no-such-day', 'es');
    expect(unit.status).toBe(404);
    expect(unit.refusal?.message).toBe('Reto Shred de 30 días no tiene ese día ni esa lección');
    expect((await api.mark(m, SHRED, 'no-such-day', true)).status).toBe(404);
    expect((await api.item(m, 'video/anything')).status).toBe(400);
  });
});

describe('a challenge bought', () => {
  it('opens day 1 at once, refuses day 2 with its date until the next UTC day, then opens it', async () => {
    const m = await createMember(t.context);
    expect(await money.buy(m, PRICE.challenge)).toBe(303);
    const [day1, day2] = await firstUnits(m, SHRED);
    if (!day1 || !day2) throw new Error('the Shred has 30 days');
    const opened = await api.unit(m, SHRED, day1.key);
    expect(opened.status).toBe(200);
    expect(opened.ok?.unit).toMatchObject({ number: 1, state: 'open', title: 'Full-body foundations' });
    expect(opened.ok?.unit.blocks.length).toBeGreaterThan(0);
    expect(opened.ok?.next).toMatchObject({ key: day2.key, state: 'opensOn' });

    const now = await clockNow(t.context.db, m.id);
    const tomorrow = utcMidnight(now, 1);
    const refused = await api.unit(m, SHRED, day2.key, 'es');
    expect(refused.status).toBe(403);
    expect(refused.refusal).toEqual({
      success: false,
      reason: 'notYetOpen',
      opensAt: tomorrow.toISOString(),
      message: `Piernas y core se abre el ${new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeZone: 'UTC' }).format(tomorrow)} (UTC)`,
    });
    expect((await api.mark(m, SHRED, day2.key, true)).refusal?.reason).toBe('notYetOpen');

    // The member's clock reaches the next UTC day: day 2 opens, day 3 waits for the one after.
    await driver.advanceBy(m, tomorrow.getTime() - now.getTime() + 1000);
    expect((await api.unit(m, SHRED, day2.key)).status).toBe(200);
    const units = await firstUnits(m, SHRED);
    expect(units.slice(0, 3).map((u) => u.state)).toEqual(['open', 'open', 'opensOn']);
    expect(units[2]?.opensAt).toBe(utcMidnight(now, 2).toISOString());
  });

  it('closes at once when refunded, and the library says so with the way to buy it again', async () => {
    const m = await createMember(t.context);
    await money.buy(m, PRICE.challenge);
    const [day1] = await firstUnits(m, SHRED);
    expect((await api.library(m)).ok?.items.map((i) => [i.kind, i.via, i.until])).toEqual([
      ['challenge', 'purchase', null],
    ]);
    expect(await money.refund(m, PRICE.challenge)).toBe(true);
    const unit = await api.unit(m, SHRED, day1?.key ?? '');
    expect(unit.status).toBe(403);
    expect(unit.refusal).toMatchObject({ reason: 'refunded', product: { slug: '30-day-shred' } });
    expect(unit.res.body).not.toContain('Bodyweight squat');
    const library = (await api.library(m)).ok;
    expect(library?.items).toEqual([]);
    expect(library?.locked).toMatchObject([{ kind: 'challenge', slug: '30-day-shred', reason: 'refunded' }]);
  });

  it('refuses a day the member has just read on the request after the refund, while another buyer keeps it', async () => {
    const refunded = await createMember(t.context);
    const keeper = await createMember(t.context);
    await money.buy(refunded, PRICE.challenge);
    await money.buy(keeper, PRICE.challenge);
    const [day1] = await firstUnits(refunded, SHRED);
    const key = day1?.key ?? '';
    // Both read day 1, so its content has been shaped and is kept with the content's read.
    expect((await api.unit(refunded, SHRED, key)).ok?.unit.title).toBe('Full-body foundations');
    expect((await api.unit(keeper, SHRED, key)).status).toBe(200);
    expect(await money.refund(refunded, PRICE.challenge)).toBe(true);
    const refused = await api.unit(refunded, SHRED, key);
    expect(refused.status).toBe(403);
    expect(refused.refusal?.reason).toBe('refunded');
    expect(refused.res.body).not.toContain('Full-body foundations');
    expect((await api.unit(keeper, SHRED, key)).ok?.unit.title).toBe('Full-body foundations');
  });

  it('is decided from the database on every request, never from the member view kept for GET /api/user', async () => {
    const m = await createMember(t.context);
    await money.buy(m, PRICE.challenge);
    // The view is kept for this session now; a refund recorded by another instance does not forget it.
    const view = await getUser(t.app, m.token);
    expect(view.json().user.customer.charges[0].refunded).toBe(false);
    await t.context.db
      .update(charges)
      .set({ refunded: true, refundedAt: new Date() })
      .where(eq(charges.userId, m.id));
    expect((await getUser(t.app, m.token)).json().user.customer.charges[0].refunded).toBe(false);
    expect((await api.item(m, SHRED)).refusal?.reason).toBe('refunded');
  });
});

describe('what decides access, kept between requests only under versions the database moves', () => {
  it('follows writes made outside this instance: a refund closes, a grant opens, a renamed product shows at once', async () => {
    const m = await createMember(t.context);
    await money.buy(m, PRICE.challenge);
    const [day1] = await firstUnits(m, SHRED);
    const key = day1?.key ?? '';
    // Read twice: the second request finds the member's rows unchanged and reuses what it read.
    expect((await api.unit(m, SHRED, key)).status).toBe(200);
    expect((await api.unit(m, SHRED, key)).status).toBe(200);
    // Written straight to the database, as another instance or the CLI would: no code of this
    // instance is told.
    await t.context.db
      .update(charges)
      .set({ refunded: true, refundedAt: new Date() })
      .where(eq(charges.userId, m.id));
    const refused = await api.unit(m, SHRED, key);
    expect(refused.status).toBe(403);
    expect(refused.refusal?.reason).toBe('refunded');
    const [price] = await t.context.db
      .select({ productId: prices.productId })
      .from(prices)
      .where(eq(prices.id, PRICE.challenge));
    const productId = price?.productId ?? '';
    await t.context.db.insert(accessGrants).values({
      id: `grant_${m.id}`,
      trainerId: 'demo-trainer',
      userId: m.id,
      target: productId,
      startsAt: new Date(Date.now() - DAY),
      actor: 'Raw SQL',
    });
    expect((await api.unit(m, SHRED, key)).status).toBe(200);
    expect((await api.item(m, SHRED)).ok?.item.via).toBe('grant');
    // The trainer's products are versioned apart from the member's rows.
    await t.context.db.update(products).set({ slug: 'shred-renamed' }).where(eq(products.id, productId));
    expect((await api.item(m, SHRED)).status).toBe(404);
    await t.context.db.update(products).set({ slug: '30-day-shred' }).where(eq(products.id, productId));
    expect((await api.unit(m, SHRED, key)).status).toBe(200);
  });
});

describe('a course bought', () => {
  it('opens its first module from the purchase and each next one a week later (UTC days)', async () => {
    const m = await createMember(t.context);
    await money.buy(m, PRICE.course);
    const { item } = (await api.item(m, COURSE)).ok ?? {};
    if (!item) throw new Error('the course opens');
    const paidAt = new Date(item.since);
    expect(item.startedAt).toBe(item.since);
    const second = item.modules[1];
    const lesson = item.units.find((u) => u.module === second?.key);
    expect(lesson).toMatchObject({ state: 'opensOn', opensAt: utcMidnight(paidAt, 7).toISOString() });
    expect(item.units.filter((u) => u.module === item.modules[0]?.key).every((u) => u.state === 'open')).toBe(
      true,
    );
    expect(item.streak).toBeNull();
    const first = await api.unit(m, COURSE, item.units[0]?.key ?? '');
    expect(first.ok?.unit.body.length).toBeGreaterThan(0);
    expect(first.ok?.unit.module?.key).toBe(item.modules[0]?.key);
  });
});

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

describe('when the CMS cannot be read', () => {
  const apps = closedAfterEach();
  it('answers 503 with a time to try again, and records nothing', async () => {
    const broken = await startTestApp({ env: { ...TEST_ENV, CONTENT_DIR: 'no-such-content-dir' } });
    apps.push(broken);
    const m = await createMember(broken.context);
    const calls = libraryCalls(() => broken);
    for (const answer of [
      await calls.library(m),
      await calls.item(m, SHRED),
      await calls.mark(m, SHRED, 'x', true),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.res.headers['retry-after']).toBe('5');
      expect(answer.refusal?.message).toBe(
        "The library's content is briefly unavailable: try again in a moment",
      );
    }
    expect(
      await broken.context.db.select().from(libraryProgress).where(eq(libraryProgress.userId, m.id)),
    ).toEqual([]);
  });
});
