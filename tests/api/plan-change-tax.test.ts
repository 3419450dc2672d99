// Tax beyond the checkout page (decision 173): a plan change's page, its charge, its invoice and its
// emails, the member view's next charge (Manage My Subscription, the confirmation) and a renewal
// state the same net, tax and total. Every figure is computed by hand from the rates set here.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../server/db/schema.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD, FAILS_LATER } from './hosted-pages.ts';
import { giveCountry, type Member, setTrainerTax } from './members.ts';

const TOKEN = 'plan-change-tax-admin-token-0123456789';
const MONTHLY = 'demo-trainer-price-monthly'; // 2999 a month
const ANNUAL = 'demo-trainer-price-annual'; // 24999 a year

let t: TestApp;
const billing = billingDriver(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const setTax = (tax: unknown) => setTrainerTax(t.app, TOKEN, tax);

/** A member in `country` (none: null) on the monthly plan, paid at once (no trial). */
async function monthlyMemberIn(country: string | null, card = CARD): Promise<Member> {
  const member = await createMember(t.context, { hadTrial: true });
  await giveCountry(t.app, member.token, country);
  await billing.subscribe(member, MONTHLY, card);
  return member;
}

/** The annual plan's change page, opened at once: the unused credit is the whole month, 2999. */
async function changeToAnnual(member: Member) {
  const path = await billing.start(member, [ANNUAL]);
  expect(path).toMatch(/\/change$/);
  return { path, page: (await t.app.inject({ method: 'GET', url: path })).body };
}

async function invoiceOf(chargeId: string) {
  const [invoice] = await t.context.db.select().from(invoices).where(eq(invoices.chargeId, chargeId));
  return invoice;
}

const figure = (page: string, id: string) =>
  Number(new RegExp(`id="${id}"[^>]*data-amount="(\\d+)"`).exec(page)?.[1]);

async function latestMail(member: Member, subjectEnd: string) {
  const found = (await billing.mailTo(member)).filter((m) => m.subject.endsWith(subjectEnd));
  expect(found.length).toBeGreaterThan(0);
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]?.text ?? '';
}

describe('exclusive prices (ES 21 %)', () => {
  beforeAll(() => setTax({ mode: 'exclusive', rates: { ES: 2100 } }));

  it('states the next charge with its tax in the member view', async () => {
    const member = await monthlyMemberIn('ES');
    const { charges, subscriptions } = await billing.customerOf(member);
    // 2999 × 0.21 = 629.79 → 630; 2999 + 630 = 3629
    expect(charges.map((c) => c.amount)).toEqual([3629]);
    expect(subscriptions.data[0]?.next_charge).toMatchObject({
      amount: 3629,
      tax: { net: 2999, amount: 630, mode: 'exclusive', country: 'ES', rate_basis_points: 2100 },
    });
  });

  it('a plan change: the page, the charge, the invoice and the emails state the same split', async () => {
    const member = await monthlyMemberIn('ES');
    const { path, page } = await changeToAnnual(member);
    // Each line taxed on its own: 24999 × 0.21 = 5249.79 → 5250; the credit 2999 × 0.21 → 630.
    // Net 24999 − 2999 = 22000; tax 5250 − 630 = 4620 (= 22000 × 0.21); total 26620.
    expect(figure(page, 'new-plan-charge')).toBe(24999);
    expect(figure(page, 'credit')).toBe(2999);
    expect(figure(page, 'net')).toBe(22000);
    expect(page).toContain('Tax (ES, 21 %)');
    expect(figure(page, 'tax')).toBe(4620);
    expect(figure(page, 'total')).toBe(26620);
    expect(page).toContain('Confirm and pay $266.20');
    // The next renewal, a year on: 24999 + 5250 = 30249.
    expect(page).toMatch(/data-next-amount="30249"/);
    expect(page).toContain('$302.49');

    expect((await billing.post(path)).statusCode).toBe(303);
    const { charges, subscriptions } = await billing.customerOf(member);
    // Both charges may fall in the same millisecond of the member's clock: found by amount.
    expect(charges.map((c) => c.amount).sort((a, b) => a - b)).toEqual([3629, 26620]);
    const change = charges.find((c) => c.amount === 26620);
    expect(subscriptions.data[0]?.next_charge).toMatchObject({
      amount: 30249,
      tax: { net: 24999, amount: 5250 },
    });
    const invoice = await invoiceOf(change?.id ?? '');
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([24999, -2999]);
    expect(invoice?.document.tax).toEqual([{ label: 'ES', rateBasisPoints: 2100, amount: 4620 }]);
    expect(invoice?.total).toBe(26620);

    const receipt = await latestMail(member, ': your receipt');
    expect(receipt).toContain('Amount paid: $266.20');
    expect(receipt).toContain('Before tax: $220.00');
    expect(receipt).toContain('Tax (ES, 21 %): $46.20');
    expect(await latestMail(member, 'plan has changed')).toContain('$302.49');
  });

  it('a renewal charges the price and its tax, and its invoice and receipt say so', async () => {
    const member = await monthlyMemberIn('ES');
    // Past one month's end (28 to 31 days) and short of the second's.
    await billing.advance(member, 32);
    const { charges } = await billing.customerOf(member);
    // Each month: 2999 + round(2999 × 0.21 = 629.79) = 3629.
    expect(charges.map((c) => c.amount)).toEqual([3629, 3629]);
    const invoice = await invoiceOf(charges[0]?.id ?? '');
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([2999]);
    expect(invoice?.document.tax).toEqual([{ label: 'ES', rateBasisPoints: 2100, amount: 630 }]);
    expect(invoice?.total).toBe(3629);
    const receipt = await latestMail(member, ': your receipt');
    expect(receipt).toContain('Amount paid: $36.29');
    expect(receipt).toContain('Before tax: $29.99');
    expect(receipt).toContain('Tax (ES, 21 %): $6.30');
  });

  it('a declined renewal paid by a new card is charged with its tax, as the member was told', async () => {
    const member = await monthlyMemberIn('ES', FAILS_LATER);
    // Past the month's end (28 to 31 days), short of the first retry three days later: declined.
    await billing.advance(member, 32);
    const { subscriptions } = await billing.customerOf(member);
    const sub = subscriptions.data[0];
    expect(sub?.status).toBe('past_due');
    const portal = await billing.portal(member);
    const res = await billing.post(portal, { action: 'card', subscription: sub?.id ?? '', ...CARD });
    expect(res.statusCode).toBe(303);
    const { charges } = await billing.customerOf(member);
    // Each month: 2999 + round(2999 × 0.21 = 629.79) = 3629, the renewal as much as the first.
    expect(charges.map((c) => c.amount)).toEqual([3629, 3629]);
    const renewal = await invoiceOf(charges[0]?.id ?? '');
    expect(renewal?.document.lines.map((l) => l.amount)).toEqual([2999]);
    expect(renewal?.document.tax).toEqual([{ label: 'ES', rateBasisPoints: 2100, amount: 630 }]);
    expect(renewal?.total).toBe(3629);
  });

  it('a member outside the countries named sees the quote alone', async () => {
    const member = await monthlyMemberIn('US');
    const { page } = await changeToAnnual(member);
    expect(page).not.toContain('id="tax"');
    expect(page).not.toContain('id="net"');
    // 24999 − 2999 = 22000
    expect(figure(page, 'total')).toBe(22000);
    expect(page).toMatch(/data-next-amount="24999"/);
    const { subscriptions } = await billing.customerOf(member);
    expect(subscriptions.data[0]?.next_charge).toEqual({
      amount: 2999,
      currency: 'usd',
      date: expect.any(String),
    });
  });
});

describe('inclusive prices (DE 19 %), in Spanish', () => {
  beforeAll(() => setTax({ mode: 'inclusive', rates: { DE: 1900 } }));

  it('the price holds the tax: the page, the charge and the invoice agree', async () => {
    const member = await monthlyMemberIn('DE');
    const { path, page } = await changeToAnnual(member);
    // 24999 × 19 / 119 = 3991.44 → 3991; 2999 × 19 / 119 = 478.83 → 479.
    // Tax 3991 − 479 = 3512; total 24999 − 2999 = 22000; net 22000 − 3512 = 18488.
    expect(page).toContain('Includes tax (DE, 19 %)');
    expect(page).toMatch(/id="tax" data-amount="3512" data-net="18488"/);
    expect(figure(page, 'total')).toBe(22000);
    expect(page).toMatch(/data-next-amount="24999"/);
    expect((await billing.post(path)).statusCode).toBe(303);
    const { charges, subscriptions } = await billing.customerOf(member);
    expect(charges.map((c) => c.amount).sort((a, b) => a - b)).toEqual([2999, 22000]);
    const change = charges.find((c) => c.amount === 22000);
    // The renewal: 24999, of which 3991 tax and 21008 net.
    expect(subscriptions.data[0]?.next_charge).toMatchObject({
      amount: 24999,
      tax: { net: 21008, amount: 3991, mode: 'inclusive' },
    });
    const invoice = await invoiceOf(change?.id ?? '');
    // Each line's net: 24999 − 3991 = 21008; 2999 − 479 = 2520.
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([21008, -2520]);
    expect(invoice?.document.tax).toEqual([{ label: 'DE', rateBasisPoints: 1900, amount: 3512 }]);
    expect(invoice?.total).toBe(22000);
  });
});

describe('a trainer without tax settings', () => {
  it('sees no change: no tax on the page or in the member view', async () => {
    await setTax(null);
    const member = await monthlyMemberIn('ES');
    const { page } = await changeToAnnual(member);
    expect(page).not.toContain('id="tax"');
    expect(figure(page, 'total')).toBe(22000);
    const { subscriptions } = await billing.customerOf(member);
    expect(subscriptions.data[0]?.next_charge?.amount).toBe(2999);
    expect(subscriptions.data[0]?.next_charge).not.toHaveProperty('tax');
  });
});
