// The catalogue file and the products of the admin API (decision 121): export, an import that is
// idempotent, dry, audited and all or nothing, the sold-price rule through a file, and challenges and
// courses with their page texts per language, seen at once in the cached public catalogue.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { adminAudit, coupons, prices, products } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { type AnswerBody, adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'catalogue-admin-token-long-enough-0123';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Ana Operator' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN, CATALOGUE_MAX_AGE_SECONDS: '300' } });
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: a catalogue file as a test edits it
type File = any;

const call = adminCalls(() => t, headers);

const catalogueUrl = (trainer: string) => `/api/admin/trainers/${trainer}/catalogue`;
const exported = async (trainer: string): Promise<File> =>
  (await call('adminExportCatalogue', 'GET', catalogueUrl(trainer))).body.catalogue;
const importing = (trainer: string, catalogue: unknown, dryRun?: boolean) =>
  call('adminImportCatalogue', 'POST', catalogueUrl(trainer), {
    catalogue,
    ...(dryRun !== undefined && { dryRun }),
  });
const summaries = (body: AnswerBody) => (body.changes as { summary: string }[]).map((c) => c.summary);
const auditRows = () =>
  t.context.db.select().from(adminAudit).orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));
const pricesOf = (trainer: string) =>
  t.context.db.select().from(prices).where(eq(prices.trainerId, trainer)).orderBy(asc(prices.id));

async function publicCatalogue(trainer: string, lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `/api/trainer/${trainer}/products?lang=${lang}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    subscriptions: { plans: { id: string; amount: number }[] }[];
    challenges: {
      slug: string;
      challengeHeaderText: string | null;
      plans: { id: string; amount: number }[];
    }[];
    courses: { slug: string }[];
  };
}

/** A trainer of its own for each test, seeded like the demo. */
async function freshTrainer(id: string) {
  await seedTrainer(t.context.db, { id, name: `Coach ${id}` });
  return id;
}

describe('the catalogue file', () => {
  it('exports what is on sale, each item by key, with prices as written (version 2) and page texts per language', async () => {
    const trainer = await freshTrainer('cat-export');
    const file = await exported(trainer);
    expect(file).toMatchObject({ version: 2, trainer });
    expect(file.products.map((p: File) => `${p.kind}/${p.key}`)).toEqual([
      'subscription/membership',
      'challenge/30-day-shred',
      'course/strength-foundations',
    ]);
    expect(file.products[0].prices.find((p: File) => p.key === 'monthly')).toEqual({
      key: 'monthly',
      name: { en: 'Monthly', es: 'Mensual' },
      amount: 29.99,
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      trialDays: 7,
    });
    expect(file.products[1].page.challengeHeaderText).toEqual({
      en: 'Join the 30-Day Shred',
      es: 'Únete al Shred de 30 días',
    });
    expect(file.products[2].page.subscriptionHeaderText).toBeUndefined();
    expect(file.coupons).toEqual([{ code: 'WELCOME10', percentOff: 10, duration: 'once' }]);
  });

  it('imports its own export, through YAML, and changes nothing, writing no audit row', async () => {
    const trainer = await freshTrainer('cat-same');
    const file = parse(stringify(await exported(trainer)));
    const before = { rows: (await auditRows()).length, prices: await pricesOf(trainer) };
    for (const dryRun of [true, false, undefined]) {
      const { res, body } = await importing(trainer, file, dryRun);
      expect(res.statusCode).toBe(200);
      expect(body).toEqual({ success: true, dryRun: dryRun ?? false, changes: [] });
    }
    expect(await auditRows()).toHaveLength(before.rows);
    expect(await pricesOf(trainer)).toEqual(before.prices);
  });

  it('says in a dry run what it would change, and changes nothing', async () => {
    const trainer = await freshTrainer('cat-dry');
    const file = await exported(trainer);
    const before = { rows: (await auditRows()).length, prices: await pricesOf(trainer) };
    const membership = file.products[0];
    membership.prices.find((p: File) => p.key === 'weekly').amount = 15.99;
    membership.prices = membership.prices.filter((p: File) => p.key !== 'daily');
    file.products[1].page.challengeHeaderText.es = 'Únete ya';
    file.products.splice(2, 1);
    file.coupons = [{ code: 'SPRING', amountOff: 5, duration: 'once', prices: ['weekly'] }];

    const { res, body } = await importing(trainer, file, true);
    expect(res.statusCode).toBe(200);
    expect(body.dryRun).toBe(true);
    expect(summaries(body).sort()).toEqual(
      [
        'Changed challenge 30-day-shred: page texts challengeHeaderText',
        'Archived course strength-foundations and its 2 prices; buyers keep theirs',
        'Changed price weekly: 14.99 USD → 15.99 USD',
        'Archived price daily (Day Pass); buyers keep it',
        'Added coupon SPRING',
        'Archived coupon WELCOME10',
      ].sort(),
    );
    expect(await auditRows()).toHaveLength(before.rows);
    expect(await pricesOf(trainer)).toEqual(before.prices);
    expect((await publicCatalogue(trainer)).courses).toHaveLength(1);
  });

  it('applies a file: each change audited, gone from the cached public catalogue at once, and again changes nothing', async () => {
    const trainer = await freshTrainer('cat-apply');
    await publicCatalogue(trainer); // cached for 300 s from here
    const file = await exported(trainer);
    file.products.splice(2, 1);
    file.products[0].prices.push({
      key: 'fortnightly',
      name: { en: 'Fortnightly' },
      amount: 25,
      interval: 'week',
      intervalCount: 2,
    });
    file.coupons = [];
    const before = (await auditRows()).length;
    const { body } = await importing(trainer, file);
    expect(summaries(body)).toEqual([
      'Archived course strength-foundations and its 2 prices; buyers keep theirs',
      'Added price fortnightly to membership (Fortnightly, 25.00 USD every 2 weeks)',
      'Archived coupon WELCOME10',
    ]);
    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => [r.action, r.actor])).toEqual(
      Array(3).fill(['adminImportCatalogue', 'Ana Operator']),
    );
    // One transaction, one instant: the rows are told apart by what they name.
    const about = (subject: string | undefined) => rows.find((r) => r.subject === subject);
    expect(about(`${trainer}-course`)?.after).toMatchObject({ active: false });
    const added = (await pricesOf(trainer)).find((p) => p.lookupKey === 'fortnightly');
    expect(about(added?.id)?.after).toMatchObject({
      lookupKey: 'fortnightly',
      amount: 2500,
      currency: 'usd',
    });
    expect(about(`${trainer}-coupon-welcome`)).toMatchObject({
      before: { active: true },
      after: { active: false },
    });

    const shown = await publicCatalogue(trainer);
    expect(shown.courses).toEqual([]);
    expect(shown.subscriptions[0]?.plans.map((p) => p.amount)).toContain(2500);
    const [course] = await t.context.db
      .select()
      .from(products)
      .where(eq(products.id, `${trainer}-course`));
    expect(course?.active).toBe(false);
    const [coupon] = await t.context.db.select().from(coupons).where(eq(coupons.trainerId, trainer));
    expect(coupon?.active).toBe(false);

    const again = await importing(trainer, await exported(trainer));
    expect(again.body.changes).toEqual([]);
    const second = await importing(trainer, file);
    expect(second.body.changes).toEqual([]);
  });

  it('archives a sold price whose amount changes and adds one under its key; its buyer keeps the old', async () => {
    const trainer = await freshTrainer('cat-sold');
    const monthly = `${trainer}-price-monthly`;
    const member = await createMember(t.context, { trainerId: trainer });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/user/startGatewayStripeSession',
      headers: { token: member.token },
      payload: { trainerID: trainer, route: '/', campaign: null, prices: [monthly] },
    });
    expect(checkout.statusCode).toBe(201);
    const file = await exported(trainer);
    file.coupons.push({ code: 'MONTHLY6', percentOff: 6, duration: 'once', prices: ['monthly'] });
    expect(summaries((await importing(trainer, file)).body)).toEqual(['Added coupon MONTHLY6']);

    file.products[0].prices.find((p: File) => p.key === 'monthly').amount = 34.99;
    const { body } = await importing(trainer, file);
    expect(summaries(body)).toEqual([
      `Replaced sold price monthly: 29.99 USD → 34.99 USD; ${monthly} is archived and its buyers keep it`,
    ]);
    const all = await pricesOf(trainer);
    expect(all.find((p) => p.id === monthly)).toMatchObject({
      amount: 2999,
      active: false,
      lookupKey: 'monthly',
    });
    const replacement = all.find((p) => p.lookupKey === 'monthly' && p.active);
    expect(replacement).toMatchObject({ amount: 3499, interval: 'month', trialDays: 7, nickname: 'Monthly' });
    expect(replacement?.id).not.toBe(monthly);
    const plans = (await publicCatalogue(trainer)).subscriptions[0]?.plans ?? [];
    expect(plans.map((p) => p.id)).toContain(replacement?.id);
    expect(plans.map((p) => p.id)).not.toContain(monthly);
    const [coupon] = await t.context.db.select().from(coupons).where(eq(coupons.code, 'MONTHLY6'));
    expect(coupon?.priceIds).toEqual([monthly, replacement?.id]);

    const exportedAgain = await exported(trainer);
    expect(exportedAgain.products[0].prices.find((p: File) => p.key === 'monthly').amount).toBe(34.99);
    expect(exportedAgain.coupons.find((c: File) => c.code === 'MONTHLY6').prices).toEqual(['monthly']);
    expect((await importing(trainer, exportedAgain)).body.changes).toEqual([]);
  });

  it('refuses a bad file with 400 listing every problem at its place, and changes nothing', async () => {
    const trainer = await freshTrainer('cat-bad');
    const before = { rows: (await auditRows()).length, prices: await pricesOf(trainer) };
    const file = await exported(trainer);
    file.products[0].prices[0].amount = -1;
    file.products[0].prices[1].key = file.products[0].prices[0].key;
    file.products[1].prices[0].interval = 'month';
    file.products[1].colour = 'red';
    file.coupons.push({ code: 'X1', percentOff: 5, amountOff: 100, duration: 'once', prices: ['nope'] });
    const { res, body } = await importing(trainer, file);
    expect(res.statusCode).toBe(400);
    expect(body.message).toContain('The catalogue file has 2 problem(s), nothing was changed:');
    expect(body.message).toContain('\n- products[0].prices[0].amount: Too small: expected number to be >=0');
    expect(body.message).toContain('\n- products[1]: Unrecognized key: "colour"');

    // Amounts a person may type but the currency cannot hold (decision 134).
    file.products[0].prices[0].amount = 4.999;
    file.products[1].prices[0] = { ...file.products[1].prices[0], amount: 1.5, currency: 'jpy' };
    delete file.products[1].colour;
    const meaning = await importing(trainer, { ...file, trainer: 'someone-else' });
    expect(meaning.res.statusCode).toBe(400);
    expect(meaning.body.message?.split('\n').slice(1)).toEqual([
      '- products[0].prices[0].amount: 4.999 is not an amount in USD: at most 2 decimals, such as 29.99',
      '- products[1].prices[0].amount: 1.5 is not an amount in JPY: a whole number: JPY has no decimals, such as 1000',
      "- trainer: the file is someone-else's catalogue, not cat-bad's",
      '- products[0].prices[1].key: another price is daily',
      '- products[1].prices[0].interval: a challenge is paid once',
      '- coupons[1]: give percentOff or amountOff, one of the two',
      '- coupons[1].prices: no price in the file is nope',
    ]);
    const notAFile = await importing(trainer, { version: 2 });
    expect(notAFile.res.statusCode).toBe(400);
    expect(notAFile.body.message).toMatch(/- products: .*expected array.*\n- coupons: .*expected array/);
    const noVersion = await importing(trainer, { products: [], coupons: [] });
    expect(noVersion.body.message).toMatch(/\n- version: must be 2 \(amounts as prices are written/);
    expect(await auditRows()).toHaveLength(before.rows);
    expect(await pricesOf(trainer)).toEqual(before.prices);
  });

  it('refuses with 409 a coupon the file changes or an archived code, and changes nothing else', async () => {
    const trainer = await freshTrainer('cat-coupon');
    const file = await exported(trainer);
    file.products[0].prices[0].amount += 100;
    file.coupons[0].percentOff = 20;
    const before = { rows: (await auditRows()).length, prices: await pricesOf(trainer) };
    const { res, body } = await importing(trainer, file);
    expect(res.statusCode).toBe(409);
    expect(body.message).toContain(
      '- coupons[0]: coupon WELCOME10 differs from the one on sale, and a coupon never changes',
    );
    expect(await auditRows()).toHaveLength(before.rows);
    expect(await pricesOf(trainer)).toEqual(before.prices);
  });

  it('answers 401 without the admin token and 404 for an unknown trainer', async () => {
    const file = await exported(await freshTrainer('cat-auth'));
    const noToken = await call(
      'adminImportCatalogue',
      'POST',
      catalogueUrl('cat-auth'),
      { catalogue: file },
      {
        'admin-actor': 'x',
      },
    );
    expect(noToken.res.statusCode).toBe(401);
    const wrong = await call('adminExportCatalogue', 'GET', catalogueUrl('cat-auth'), undefined, {
      ...headers,
      'admin-token': `${TOKEN}x`,
    });
    expect(wrong.res.statusCode).toBe(401);
    const unknown = await importing('nobody-here', { ...file, trainer: 'nobody-here' });
    expect(unknown.res.statusCode).toBe(404);
    expect((await call('adminExportCatalogue', 'GET', catalogueUrl('nobody-here'))).res.statusCode).toBe(404);
  });
});
