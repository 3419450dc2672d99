// Challenges and courses from the admin API (decision 121): added with their one-time prices and
// page texts per language, shown at once in the cached public catalogue, changed, given a price, and
// archived with their prices; each change audited, bad input refused with a clear 400.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, prices } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import type { OperationId } from '../../server/http/contract.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'products-admin-token-long-enough-0123';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Ana Operator' };
const TRAINER = 'coach-products';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN, CATALOGUE_MAX_AGE_SECONDS: '300' } });
  await seedTrainer(t.context.db, { id: TRAINER, name: 'Coach Products' });
});
afterAll(() => t.close());

const call = adminCalls(() => t, headers);
const productsUrl = `/api/admin/trainers/${TRAINER}/products`;
const auditRows = () =>
  t.context.db.select().from(adminAudit).orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));

interface Shown {
  id: string;
  slug: string;
  name: string;
  challengeHeaderText: string | null;
  challengeButtonText: string | null;
  plans: { id: string; amount: number; nickname: string }[];
}
async function challenges(lang = 'en'): Promise<Shown[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/trainer/${TRAINER}/products?lang=${lang}` });
  return res.json().challenges;
}

const newChallenge = {
  kind: 'challenge',
  slug: 'summer-abs',
  names: { en: 'Summer Abs', es: 'Abdominales de verano' },
  description: 'Six weeks of core work.',
  position: 5,
  page: {
    challengeHeaderText: { en: 'Summer Abs', es: 'Abdominales de verano' },
    challengeButtonText: 'Join',
  },
  prices: [{ amount: 3900, nicknames: { en: 'Summer Abs', es: 'Abdominales de verano' } }],
};

describe('products', () => {
  it('adds a challenge with its price and page texts, in the cached public catalogue at once, in each language', async () => {
    expect((await challenges()).map((c) => c.slug)).toEqual(['30-day-shred']); // cached from here
    const before = (await auditRows()).length;
    const { res, body } = await call('adminAddProduct', 'POST', productsUrl, newChallenge);
    expect(res.statusCode).toBe(201);
    const product = body.product as { id: string; prices: { id: string; currency: string; type: string }[] };
    expect(product).toMatchObject({ kind: 'challenge', slug: 'summer-abs', archived: false, position: 5 });
    expect(product.prices).toEqual([
      expect.objectContaining({ amount: 3900, currency: 'usd', type: 'one_time', interval: null }),
    ]);
    const shown = (await challenges()).find((c) => c.slug === 'summer-abs');
    expect(shown).toMatchObject({
      name: 'Summer Abs',
      challengeHeaderText: 'Summer Abs',
      challengeButtonText: 'Join',
    });
    expect(shown?.plans.map((p) => p.amount)).toEqual([3900]);
    const inSpanish = (await challenges('es')).find((c) => c.slug === 'summer-abs');
    expect(inSpanish).toMatchObject({
      name: 'Abdominales de verano',
      challengeHeaderText: 'Abdominales de verano',
    });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'adminAddProduct', subject: product.id, before: null });

    const taken = await call('adminAddProduct', 'POST', productsUrl, newChallenge);
    expect(taken.res.statusCode).toBe(409);
    expect(taken.body.message).toBe(`Trainer ${TRAINER} already has a challenge summer-abs`);
  });

  it('changes page texts one by one, keeping the others, and audits before and after', async () => {
    const { body: list } = await call('adminListProducts', 'GET', productsUrl);
    const id = (list.products as { id: string; slug: string }[]).find((p) => p.slug === 'summer-abs')?.id;
    const { res, body } = await call('adminUpdateProduct', 'PATCH', `${productsUrl}/${id}`, {
      page: {
        challengeButtonText: { en: 'Start now', es: 'Empieza ya' },
        challengeSubText: 'Core, every day.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((body.product as { page: object }).page).toEqual({
      challengeImage: null,
      challengeHeaderText: { en: 'Summer Abs', es: 'Abdominales de verano' },
      challengeSubText: 'Core, every day.',
      challengeButtonText: { en: 'Start now', es: 'Empieza ya' },
      subscriptionHeaderText: null,
      subscriptionSubText: null,
      subscriptionButtonText: null,
    });
    expect((await challenges('es')).find((c) => c.id === id)?.challengeButtonText).toBe('Empieza ya');
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({ action: 'adminUpdateProduct', subject: id });
    expect(row?.before).toMatchObject({ page: { challengeButtonText: 'Join' } });
  });

  it('adds a one-time price; a sold one changes amount only by being archived and replaced', async () => {
    const id = `${TRAINER}-challenge`;
    const { res, body } = await call('adminAddProductPrice', 'POST', `${productsUrl}/${id}/prices`, {
      amount: 5900,
      nicknames: { en: '30-Day Shred with coaching' },
    });
    expect(res.statusCode).toBe(201);
    expect(body.plan).toMatchObject({ amount: 5900, type: 'one_time', productId: id, sold: false });
    expect((await challenges()).find((c) => c.id === id)?.plans.map((p) => p.amount)).toEqual([4900, 5900]);

    const sold = `${TRAINER}-price-challenge`;
    const member = await createMember(t.context, { trainerId: TRAINER });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/user/startGatewayStripeSession',
      headers: { token: member.token },
      payload: { trainerID: TRAINER, route: '/challenge', campaign: null, prices: [sold] },
    });
    expect(checkout.statusCode).toBe(201);
    const changed = await call('adminUpdatePlan', 'PATCH', `/api/admin/trainers/${TRAINER}/plans/${sold}`, {
      amount: 4500,
    });
    expect(changed.body.replaced).toBe(sold);
    const [old] = await t.context.db.select().from(prices).where(eq(prices.id, sold));
    expect(old).toMatchObject({ amount: 4900, active: false });
    // The key passes to the new price, so a catalogue file still names it "challenge".
    const [replacement] = await t.context.db
      .select()
      .from(prices)
      .where(eq(prices.id, (changed.body.plan as { id: string }).id));
    expect(replacement).toMatchObject({ amount: 4500, lookupKey: 'challenge', active: true });
  });

  it('archives a product with its prices: gone from the catalogue at once, listed as archived, refused a second time', async () => {
    const id = `${TRAINER}-course`;
    const { res, body } = await call('adminArchiveProduct', 'POST', `${productsUrl}/${id}/archive`);
    expect(res.statusCode).toBe(200);
    const product = body.product as { archived: boolean; prices: { archived: boolean }[] };
    expect(product.archived).toBe(true);
    expect(product.prices.map((p) => p.archived)).toEqual([true, true]);
    const shown = await t.app.inject({ method: 'GET', url: `/api/trainer/${TRAINER}/products` });
    expect(shown.json().courses).toEqual([]);
    const again = await call('adminArchiveProduct', 'POST', `${productsUrl}/${id}/archive`);
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(`Product ${id} is archived: add a new product instead`);
    const change = await call('adminUpdateProduct', 'PATCH', `${productsUrl}/${id}`, { description: 'x' });
    expect(change.res.statusCode).toBe(409);
  });

  it('refuses bad input with 400 and a clear message, an unknown product with 404, writing nothing', async () => {
    const before = (await auditRows()).length;
    const membership = `${TRAINER}-membership`;
    const cases: [OperationId, 'POST' | 'PATCH', string, unknown, RegExp | string][] = [
      [
        'adminAddProduct',
        'POST',
        productsUrl,
        { ...newChallenge, kind: 'subscription' },
        /^The kind must be one of: challenge, course\.$/,
      ],
      [
        'adminAddProduct',
        'POST',
        productsUrl,
        { ...newChallenge, slug: 'Bad Slug' },
        /^The address name \(slug\) is not in the form it takes: lower-case letters, digits and dashes\.$/,
      ],
      [
        'adminAddProduct',
        'POST',
        productsUrl,
        { ...newChallenge, prices: [] },
        /^The prices must have at least one item\.$/,
      ],
      [
        'adminAddProduct',
        'POST',
        productsUrl,
        { ...newChallenge, page: { heroText: 'x' } },
        /^The page texts, “heroText” is not something this request takes\.$/,
      ],
      [
        'adminUpdateProduct',
        'PATCH',
        `${productsUrl}/${membership}`,
        { page: { challengeSubText: 'x' } },
        'Only a challenge or a course has page texts',
      ],
      [
        'adminAddProductPrice',
        'POST',
        `${productsUrl}/${membership}/prices`,
        { amount: 1, nicknames: { en: 'X' } },
        "A membership's plans are added with the plans command",
      ],
    ];
    for (const [op, method, url, payload, message] of cases) {
      const { res, body } = await call(op, method, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body.message).toMatch(message);
    }
    const unknown = await call('adminUpdateProduct', 'PATCH', `${productsUrl}/nope`, { description: 'x' });
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.message).toBe(`Trainer ${TRAINER} has no product nope`);
    const noToken = await call('adminListProducts', 'GET', productsUrl, undefined, {
      'admin-actor': 'x',
    });
    expect(noToken.res.statusCode).toBe(401);
    expect(await auditRows()).toHaveLength(before);
  });
});
