// Tax on the sandbox checkout (decision 173): the trainer's settings and the member's country make
// the page state net, tax and total, the charge is that total, and the invoice says the same. The
// figures are computed by hand from the rates this test sets.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, invoices } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { submitPage } from './hosted-pages.ts';
import type { Member } from './members.ts';

const TOKEN = 'tax-test-admin-token-0123456789abcdef';
const admin = { 'admin-token': TOKEN, 'admin-actor': 'ops@example.com' };
const VALID_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const setTax = (tax: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/trainers/${DEMO_TRAINER_ID}`,
    headers: admin,
    payload: { tax },
  });

async function memberIn(country: string | null): Promise<Member> {
  const member = await createMember(t.context);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/user/billing-details',
    headers: { token: member.token },
    payload: { company: null, address: null, taxId: null, country },
  });
  expect(res.json().billingDetails.country).toBe(country);
  return member;
}

async function checkout(member: Member, price: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/startGatewayStripeSession',
    headers: { token: member.token },
    payload: { prices: [price], trainerID: DEMO_TRAINER_ID, route: '/', campaign: null },
  });
  expect(res.statusCode).toBe(201);
  const path = new URL(res.json().url).pathname;
  return { path, page: (await t.app.inject({ method: 'GET', url: path })).body };
}

async function paidInvoice(member: Member) {
  const [charge] = await t.context.db.select().from(charges).where(eq(charges.userId, member.id));
  expect(charge).toBeDefined();
  const [invoice] = await t.context.db
    .select()
    .from(invoices)
    .where(eq(invoices.chargeId, charge?.id ?? ''));
  return { charge, invoice };
}

describe('the trainer’s tax settings', () => {
  it('refuses settings that break a rule, saying which, and keeps what was there', async () => {
    const bad = await setTax({ mode: 'exclusive', rates: { es: 2100 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('taxCountry');
    const tooHigh = await setTax({ mode: 'exclusive', rates: { ES: 9000 } });
    expect(tooHigh.statusCode).toBe(400);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/admin/trainers/${DEMO_TRAINER_ID}`,
      headers: admin,
    });
    expect(shown.json().trainer.tax).toBeNull();
  });
});

describe('exclusive prices: tax is added', () => {
  beforeAll(async () => {
    const res = await setTax({ mode: 'exclusive', rates: { ES: 2100, DE: 1900 } });
    expectContract(res, 'adminUpdateTrainer');
    expect(res.json().trainer.tax).toEqual({ mode: 'exclusive', rates: { ES: 2100, DE: 1900 } });
  });

  it('charges a member in Spain the price, 21 % on top, and the invoice says so', async () => {
    const member = await memberIn('ES');
    const { path, page } = await checkout(member, 'demo-trainer-price-challenge');
    // 4900 × 0.21 = 1029 exactly; 4900 + 1029 = 5929
    expect(page).toMatch(/id="net" data-amount="4900">\$49\.00</);
    expect(page).toContain('Tax (ES, 21 %)');
    expect(page).toMatch(/id="tax" data-amount="1029">\$10\.29</);
    expect(page).toMatch(/id="total" data-amount="5929"[^>]*>\$59\.29</);
    expect(page).toContain('Pay $59.29');
    expect((await submitPage(t.app, path, VALID_CARD)).statusCode).toBe(303);
    const { charge, invoice } = await paidInvoice(member);
    expect(charge?.amount).toBe(5929);
    expect(invoice?.total).toBe(5929);
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([4900]);
    expect(invoice?.document.tax).toEqual([{ label: 'ES', rateBasisPoints: 2100, amount: 1029 }]);
  });

  it('charges a member outside the countries named, or without a country, the price alone', async () => {
    for (const country of ['US', null]) {
      const member = await memberIn(country);
      const { path, page } = await checkout(member, 'demo-trainer-price-challenge');
      expect(page).not.toContain('id="tax"');
      expect(page).toMatch(/id="total" data-amount="4900"[^>]*>\$49</);
      expect((await submitPage(t.app, path, VALID_CARD)).statusCode).toBe(303);
      const { charge, invoice } = await paidInvoice(member);
      expect(charge?.amount).toBe(4900);
      expect(invoice?.document.tax).toEqual([]);
    }
  });
});

describe('inclusive prices: the price holds the tax', () => {
  beforeAll(async () => {
    expect((await setTax({ mode: 'inclusive', rates: { DE: 1900 } })).statusCode).toBe(200);
  });

  it('charges a member in Germany the weekly price, of which 19 % is tax', async () => {
    const member = await memberIn('DE');
    const { path, page } = await checkout(member, 'demo-trainer-price-weekly');
    // 1499 × 0.19 / 1.19 = 239.34 → 239; net 1499 − 239 = 1260
    expect(page).toContain('Includes tax (DE, 19 %)');
    expect(page).toMatch(/id="tax" data-amount="239" data-net="1260">\$2\.39</);
    expect(page).toMatch(/id="total" data-amount="1499"[^>]*>\$14\.99</);
    expect((await submitPage(t.app, path, VALID_CARD)).statusCode).toBe(303);
    const { charge, invoice } = await paidInvoice(member);
    expect(charge?.amount).toBe(1499);
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([1260]);
    expect(invoice?.document.tax).toEqual([{ label: 'DE', rateBasisPoints: 1900, amount: 239 }]);
    expect(invoice?.total).toBe(1499);
  });
});

describe('no settings', () => {
  it('a trainer who stops collecting tax charges the price again', async () => {
    expect((await setTax(null)).json().trainer.tax).toBeNull();
    const member = await memberIn('DE');
    const { page } = await checkout(member, 'demo-trainer-price-challenge');
    expect(page).not.toContain('id="tax"');
    expect(page).toMatch(/id="total" data-amount="4900"/);
  });
});
