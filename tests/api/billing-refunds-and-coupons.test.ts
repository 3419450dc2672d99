// Refunds, coupon durations (once, forever, repeating) as the checkout page states and the clock
// charges them, and the billing emails' language and brand.

import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges, coupons } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import {
  advance,
  billingApp,
  customerOf,
  mailTo,
  portal,
  post,
  start,
  subscribe,
  t,
} from './billing.fixtures.ts';
import { createMember } from './fixtures.ts';
import { CARD } from './hosted-pages.ts';

billingApp();

describe('refunds', () => {
  it('marks a refunded challenge purchase, so the member can buy it again', async () => {
    const member = await createMember(t.context);
    expect((await post(await start(member, ['demo-trainer-price-challenge']), CARD)).statusCode).toBe(303);
    const path = await portal(member);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('30-Day Shred');
    const [charge] = (await customerOf(member)).charges;
    expect(charge).toMatchObject({ paid: true, refunded: false });
    expect((await post(path, { action: 'refund', charge: charge?.id ?? '' })).statusCode).toBe(303);
    expect((await customerOf(member)).charges[0]).toMatchObject({ paid: true, refunded: true, amount: 4900 });
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Refunded');
  });

  it("refuses to refund another member's charge from a portal", async () => {
    const buyer = await createMember(t.context);
    const other = await createMember(t.context, { gatewayCustomerId: 'cus_other' });
    expect((await post(await start(buyer, ['demo-trainer-price-challenge']), CARD)).statusCode).toBe(303);
    const [charge] = (await customerOf(buyer)).charges;
    await post(await portal(other), { action: 'refund', charge: charge?.id ?? '' });
    expect((await customerOf(buyer)).charges[0]?.refunded).toBe(false);
  });
});

describe('coupon durations', () => {
  async function coupon(code: string, duration: 'once' | 'repeating' | 'forever', months?: number) {
    await t.context.db.insert(coupons).values({
      id: `coupon-${code}`,
      trainerId: DEMO_TRAINER_ID,
      code,
      percentOff: 20,
      duration,
      durationInMonths: months ?? null,
    });
  }
  beforeAll(async () => {
    await coupon('ONCE20', 'once');
    await coupon('FOREVER20', 'forever');
    await coupon('THREEMONTHS20', 'repeating', 3);
  });

  async function chargesAfter(code: string, months: number) {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly', CARD, code);
    await advance(member, months * 31 - 10);
    const rows = await t.context.db
      .select()
      .from(charges)
      .where(and(eq(charges.userId, member.id), like(charges.description, '%')));
    return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((c) => c.amount);
  }

  it('takes a once coupon off the first charge only', async () => {
    expect(await chargesAfter('ONCE20', 3)).toEqual([2399, 2999, 2999]);
  });

  it('takes a forever coupon off every charge', async () => {
    expect(await chargesAfter('FOREVER20', 3)).toEqual([2399, 2399, 2399]);
  });

  it('takes a repeating coupon off the charges of its months, then charges the full price', async () => {
    expect(await chargesAfter('THREEMONTHS20', 5)).toEqual([2399, 2399, 2399, 2999, 2999]);
  });

  it('states on the checkout page what the clock will charge', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const page = await t.app.inject({
      method: 'GET',
      url: await start(member, ['demo-trainer-price-monthly'], 'THREEMONTHS20'),
    });
    expect(page.body).toMatch(/id="total" data-amount="2399"[^>]*>\$23\.99</);
    expect(page.body).toMatch(/Then \$23\.99 per month until .+, and \$29\.99 per month after that/);
    const view = (await customerOf(member)).subscriptions.data;
    expect(view).toHaveLength(0);
  });

  it('shows the next charge after the discount in the member view', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await subscribe(member, 'demo-trainer-price-monthly', CARD, 'FOREVER20');
    const [sub] = (await customerOf(member)).subscriptions.data;
    expect(sub?.next_charge).toMatchObject({ amount: 2399, currency: 'usd' });
  });
});

describe('billing emails', () => {
  it('are in the member language and branded with the site name', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    await subscribe(member, 'demo-trainer-price-monthly');
    await advance(member, 8);
    const subjects = (await mailTo(member)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Coach Rivera Fitness: tu prueba gratuita ha comenzado',
      'Coach Rivera Fitness: tu prueba gratuita termina en 3 días',
      'Coach Rivera Fitness: tu recibo',
    ]);
    const receipt = (await mailTo(member)).find((m) => m.subject.endsWith('tu recibo'));
    expect(receipt?.text).toContain('Importe pagado: $29,99');
  });
});
