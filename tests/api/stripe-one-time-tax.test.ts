// A one-time purchase on Stripe's own checkout page, taxed by Stripe Tax (decision 173): the charge,
// its invoice and its receipt record what Stripe charged, the charge's amount with the tax the
// Checkout Session states (`amount_total`, `total_details.amount_tax`), whichever of the two events
// Stripe sends first. Events arrive signed, as Stripe sends them; the stub stands for Stripe's API.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { charges, checkoutSessions, emailOutbox, invoices, trainers } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { giveCountry, type Member } from './members.ts';
import { appOnStripeStub } from './stripe-app.ts';

const KEY = 'sk_test_one_time_tax';
const WEBHOOK_SECRET = 'whsec_onetimetax';
const CHALLENGE = 'demo-trainer-price-challenge'; // 4900
let t: TestApp;
const send = appOnStripeStub(KEY, WEBHOOK_SECRET, (app) => {
  t = app;
});

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

async function deliver(type: string, object: Record<string, unknown>) {
  const event = {
    id: id('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
  const res = await send(event);
  expect(res.statusCode, res.body).toBe(200);
}

/** A member in `country` who opened Stripe's checkout for the challenge: no promise of ours is kept. */
async function buyer(country: string): Promise<{ member: Member; metadata: Record<string, string> }> {
  const member = await createMember(t.context, { gatewayCustomerId: id('cus') });
  await giveCountry(t.app, member.token, country);
  const session = id('session');
  await t.context.db.insert(checkoutSessions).values({
    id: session,
    trainerId: DEMO_TRAINER_ID,
    userId: member.id,
    gateway: 'stripe',
    gatewaySessionId: id('cs'),
    priceIds: [CHALLENGE],
  });
  return {
    member,
    metadata: {
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      priceIds: CHALLENGE,
      checkoutSessionId: session,
    },
  };
}

const completed = (metadata: Record<string, string>, total: number, tax: number) =>
  deliver('checkout.session.completed', {
    id: id('cs'),
    object: 'checkout.session',
    mode: 'payment',
    amount_total: total,
    total_details: { amount_tax: tax },
    metadata,
  });

const charged = (metadata: Record<string, string>, chargeId: string, amount: number) =>
  deliver('charge.succeeded', {
    id: chargeId,
    object: 'charge',
    amount,
    metadata,
    payment_method_details: { card: { brand: 'visa', last4: '4242' } },
  });

async function recorded(member: Member, chargeId: string) {
  const [charge] = await t.context.db.select().from(charges).where(eq(charges.id, chargeId));
  const [invoice] = await t.context.db.select().from(invoices).where(eq(invoices.chargeId, chargeId));
  const mails = await t.context.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
  return { charge, invoice, receipt: mails.find((m) => m.subject.endsWith('your receipt'))?.text ?? '' };
}

const setTax = (tax: typeof trainers.$inferSelect.tax) =>
  t.context.db.update(trainers).set({ tax }).where(eq(trainers.id, DEMO_TRAINER_ID));

describe('a one-time purchase taxed by Stripe', () => {
  afterAll(() => setTax(null));

  it('exclusive (ES 21 %), the session first: the charge, its invoice and its receipt state what Stripe charged', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100 } });
    const { member, metadata } = await buyer('ES');
    // 4900 + round(4900 × 0.21 = 1029) = 5929.
    await completed(metadata, 5929, 1029);
    const chargeId = id('ch');
    await charged(metadata, chargeId, 5929);
    const { charge, invoice, receipt } = await recorded(member, chargeId);
    expect(charge?.amount).toBe(5929);
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([4900]);
    expect(invoice?.document.tax).toEqual([{ label: 'ES', rateBasisPoints: 2100, amount: 1029 }]);
    expect(invoice?.total).toBe(5929);
    expect(receipt).toContain('Amount paid: $59.29');
    expect(receipt).toContain('Before tax: $49.00');
    expect(receipt).toContain('Tax (ES, 21 %): $10.29');
  });

  it('exclusive, the charge before the session: the tax is what Stripe charged above the price', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100 } });
    const { member, metadata } = await buyer('ES');
    const chargeId = id('ch');
    // Stripe's own rate may differ from the settings': 4900 + 1000 charged, 1000 the tax.
    await charged(metadata, chargeId, 5900);
    await completed(metadata, 5900, 1000);
    const { charge, invoice, receipt } = await recorded(member, chargeId);
    expect(charge?.amount).toBe(5900);
    expect(invoice?.document.tax.map((line) => line.amount)).toEqual([1000]);
    expect(invoice?.total).toBe(5900);
    // Whole dollars all three, so written without cents, as every figure of the receipt is.
    expect(receipt).toContain('Amount paid: $59\nBefore tax: $49\nTax (ES, 21 %): $10\n');
  });

  it('inclusive (DE 19 %): the price is charged, and its tax is the one Stripe states', async () => {
    await setTax({ mode: 'inclusive', rates: { DE: 1900 } });
    const { member, metadata } = await buyer('DE');
    // round(4900 × 19 / 119 = 782.35) = 782 of tax in 4900; 4900 − 782 = 4118 before it.
    await completed(metadata, 4900, 782);
    const chargeId = id('ch');
    await charged(metadata, chargeId, 4900);
    const { charge, invoice, receipt } = await recorded(member, chargeId);
    expect(charge?.amount).toBe(4900);
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([4118]);
    expect(invoice?.document.tax).toEqual([{ label: 'DE', rateBasisPoints: 1900, amount: 782 }]);
    expect(invoice?.total).toBe(4900);
    expect(receipt).toContain('Amount paid: $49.00');
    expect(receipt).toContain('Before tax: $41.18');
    expect(receipt).toContain('Tax (DE, 19 %): $7.82');
  });

  it('untaxed: the price, as before', async () => {
    await setTax(null);
    const { member, metadata } = await buyer('ES');
    await completed(metadata, 4900, 0);
    const chargeId = id('ch');
    await charged(metadata, chargeId, 4900);
    const { charge, invoice } = await recorded(member, chargeId);
    expect(charge?.amount).toBe(4900);
    expect(invoice?.document.tax).toEqual([]);
    expect(invoice?.total).toBe(4900);
  });
});
