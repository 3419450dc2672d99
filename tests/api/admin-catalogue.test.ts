// The catalogue file of the admin API (decision 121): its export, and an import that is idempotent,
// dry when asked, audited, and seen at once in the cached public catalogue. Refusals and the
// sold-price rule through a file: admin-catalogue-refusals.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { coupons, products } from '../../server/db/schema.ts';
import { catalogueApp, type File } from './admin-catalogue-app.ts';

const { app, exported, importing, summaries, auditRows, pricesOf, publicCatalogue, freshTrainer } =
  catalogueApp();

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
    const [course] = await app()
      .context.db.select()
      .from(products)
      .where(eq(products.id, `${trainer}-course`));
    expect(course?.active).toBe(false);
    const [coupon] = await app().context.db.select().from(coupons).where(eq(coupons.trainerId, trainer));
    expect(coupon?.active).toBe(false);

    const again = await importing(trainer, await exported(trainer));
    expect(again.body.changes).toEqual([]);
    const second = await importing(trainer, file);
    expect(second.body.changes).toEqual([]);
  });
});
