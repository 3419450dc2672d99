// What a purchase opens, through the real server on the sandbox gateway: a challenge's days and a
// course's modules on their UTC days, closed at once when refunded, decided from the database on
// every request (written from the words, in the member's language).

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessGrants, charges, prices, products } from '../../server/db/schema.ts';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { createMember } from './fixtures.ts';
import { DAY } from './hosted-pages.ts';
import { api, driver, firstUnits, libraryApp, money, t, utcMidnight } from './library.fixtures.ts';
import { COURSE, PRICE, SHRED } from './library-calls.ts';
import { getUser } from './members.ts';

libraryApp();

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
