// The catalogue file of the admin API (decision 121) refused or partly sold: the sold-price rule
// through a file, a bad file, a changed coupon, and the token and the trainer. Its export and
// import: admin-catalogue.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons } from '../../server/db/schema.ts';
import { catalogueApp, type File, headers, CATALOGUE_TOKEN as TOKEN } from './admin-catalogue-app.ts';
import { createMember } from './fixtures.ts';

const {
  app,
  call,
  catalogueUrl,
  exported,
  importing,
  summaries,
  auditRows,
  pricesOf,
  publicCatalogue,
  freshTrainer,
} = catalogueApp();

describe('the catalogue file, refused or partly sold', () => {
  it('archives a sold price whose amount changes and adds one under its key; its buyer keeps the old', async () => {
    const trainer = await freshTrainer('cat-sold');
    const monthly = `${trainer}-price-monthly`;
    const member = await createMember(app().context, { trainerId: trainer });
    const checkout = await app().app.inject({
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
    const [coupon] = await app().context.db.select().from(coupons).where(eq(coupons.code, 'MONTHLY6'));
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
