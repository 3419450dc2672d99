// Tax on what a declined renewal leaves due and on the pauses the portal offers (decision 173): the
// failed-payment email, the portal's refusal of another declining card and the charge that finally
// pays state the total, tax included, as Stripe's invoice does; the pause options state how their
// total is made up, and a promise read before the rate changed is refused with the new figures. Every
// figure is computed by hand from the rates set here (the demo's monthly plan: 2999 a month).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, trainers } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { CARD, FAILS_LATER } from './hosted-pages.ts';
import { giveCountry, setTrainerTax } from './members.ts';
import { taxedRenewals } from './taxed-renewals.ts';

const TOKEN = 'due-and-pause-tax-admin-token-0123456789';

let t: TestApp;
const { billing, monthlyMemberIn, declined, failedEmail } = taxedRenewals(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TOKEN: TOKEN } });
  await t.context.db
    .update(trainers)
    .set({ pauseMonths: [1, 2] })
    .where(eq(trainers.id, DEMO_TRAINER_ID));
});
afterAll(() => t.close());

const setTax = (tax: unknown) => setTrainerTax(t.app, TOKEN, tax);

/** The portal's pause options: the digest, the total and the split each states, and its words. */
async function pauseOptionsOf(portal: string) {
  const body = (await t.app.inject({ method: 'GET', url: portal })).body;
  return [
    ...body.matchAll(
      /name="pause" value="(\d+):([^"]+)" data-amount="(\d+)"[^>]*> ([^<]*)(?:<span class="dim tax-split" data-net="(\d+)" data-tax="(\d+)">\(([^)]*\)[^)]*)\))?/g,
    ),
  ].map(([, months, digest, amount, text, net, tax, split]) => ({
    months: Number(months),
    digest: digest ?? '',
    amount: Number(amount),
    text: text ?? '',
    split: net === undefined ? null : { net: Number(net), tax: Number(tax), words: split ?? '' },
  }));
}

describe('a declined renewal of a taxed member (ES 21 %, exclusive)', () => {
  beforeAll(() => setTax({ mode: 'exclusive', rates: { ES: 2100 } }));

  it('is asked for the total in the email and the portal, and the new card pays exactly it', async () => {
    const member = await monthlyMemberIn('ES', 'en', FAILS_LATER);
    const sub = await declined(member);
    // 2999 + round(2999 × 0.21 = 629.79) = 2999 + 630 = 3629.
    expect(await failedEmail(member)).toContain('We could not charge $36.29 for');
    const portal = await billing.portal(member);
    const refused = await billing.post(portal, { action: 'card', subscription: sub, ...FAILS_LATER });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This card was declined for the $36.29 that is overdue.');
    expect((await billing.post(portal, { action: 'card', subscription: sub, ...CARD })).statusCode).toBe(303);
    const { charges } = await billing.customerOf(member);
    expect(charges.map((c) => c.amount)).toEqual([3629, 3629]);
    const [invoice] = await t.context.db
      .select()
      .from(invoices)
      .where(eq(invoices.chargeId, charges[0]?.id ?? ''));
    expect(invoice?.document.lines.map((l) => l.amount)).toEqual([2999]);
    expect(invoice?.document.tax).toEqual([{ label: 'ES', rateBasisPoints: 2100, amount: 630 }]);
    expect(invoice?.total).toBe(3629);
  });

  it('in Spanish, states the same total', async () => {
    const member = await monthlyMemberIn('ES', 'es', FAILS_LATER);
    const sub = await declined(member);
    // 2999 + 630 = 3629, as above.
    expect(await failedEmail(member)).toContain('No hemos podido cobrar $36,29 por');
    const portal = await billing.portal(member);
    const refused = await billing.post(portal, { action: 'card', subscription: sub, ...FAILS_LATER });
    expect(refused.body).toContain('Esta tarjeta ha sido rechazada para los $36,29 pendientes.');
    // The payments it lists are named in the member's language, as the rest of the page is.
    expect(refused.body).toMatch(/<table class="payments"><tbody><tr><td>Membresía de coaching<br>/);
  });
});

describe('the portal’s pause options', () => {
  it('state how each total is made up: the price plus the tax added (ES 21 %)', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100 } });
    const member = await monthlyMemberIn('ES', 'en');
    const options = await pauseOptionsOf(await billing.portal(member));
    expect(options.map((o) => o.months)).toEqual([1, 2]);
    for (const o of options) {
      // 2999 + round(629.79) = 3629: $29.99 plus $6.30.
      expect(o.amount).toBe(3629);
      expect(o.text).toContain('next charge $36.29 on');
      expect(o.split).toEqual({ net: 2999, tax: 630, words: '$29.99 plus $6.30 tax (ES, 21 %)' });
    }
  });

  it('in Spanish, the tax the price includes (DE 19 %, inclusive)', async () => {
    await setTax({ mode: 'inclusive', rates: { DE: 1900 } });
    const member = await monthlyMemberIn('DE', 'es');
    const [option] = await pauseOptionsOf(await billing.portal(member));
    // round(2999 × 19 / 119 = 478.83) = 479 of tax in 2999; 2999 − 479 = 2520 before it.
    expect(option?.amount).toBe(2999);
    expect(option?.split?.net).toBe(2520);
    expect(option?.split?.tax).toBe(479);
    expect(option?.split?.words).toBe('incluye $4,79 de impuestos (DE, 19 %)');
  });

  it('untaxed, state the price alone', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100 } });
    const member = await monthlyMemberIn('US', 'en');
    const [option] = await pauseOptionsOf(await billing.portal(member));
    expect(option?.amount).toBe(2999);
    expect(option?.split).toBeNull();
  });

  it('refuse a pause read before the rate changed, with the new figures; the new promise holds', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100 } });
    const member = await monthlyMemberIn('ES', 'en');
    const portal = await billing.portal(member);
    const [read] = await pauseOptionsOf(portal);
    expect(read?.amount).toBe(3629);
    await setTax({ mode: 'exclusive', rates: { ES: 2000 } });
    const sub = (await billing.customerOf(member)).subscriptions.data[0]?.id ?? '';
    const stale = await billing.post(portal, {
      action: 'pause',
      subscription: sub,
      pause: `1:${read?.digest}`,
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.body).toContain('The offer or the pause changed since the page was shown');
    // 2999 + round(2999 × 0.20 = 599.8) = 2999 + 600 = 3599.
    expect(stale.body).toContain('next charge $35.99 on');
    expect((await billing.customerOf(member)).subscriptions.data[0]?.pause).toBeNull();
    const [fresh] = await pauseOptionsOf(portal);
    expect(fresh?.split).toEqual({ net: 2999, tax: 600, words: '$29.99 plus $6.00 tax (ES, 20 %)' });
    const taken = await billing.post(portal, {
      action: 'pause',
      subscription: sub,
      pause: `1:${fresh?.digest}`,
    });
    expect(taken.statusCode).toBe(303);
    expect((await billing.customerOf(member)).subscriptions.data[0]?.next_charge?.amount).toBe(3599);
  });

  it('Manage My Subscription refuses a pause read before the member’s country changed', async () => {
    await setTax({ mode: 'exclusive', rates: { ES: 2100, FR: 2000 } });
    const member = await monthlyMemberIn('ES', 'en');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { token: member.token }, ...(payload && { payload }) });
    const pauseOptions = async () =>
      expectContract(await call('GET', '/api/user/subscription/pause-options'), 'getPauseOptions') as {
        options: { next_charge: { amount: number; tax?: object }; promise: string }[];
      };
    const read = (await pauseOptions()).options[0];
    expect(read?.next_charge.amount).toBe(3629);
    await giveCountry(t.app, member.token, 'FR');
    const stale = await call('POST', '/api/user/subscription/pause', { months: 1, promise: read?.promise });
    expect(stale.statusCode).toBe(409);
    const fresh = (await pauseOptions()).options[0];
    // 2999 + round(2999 × 0.20 = 599.8) = 3599 in France, its split beside it.
    expect(fresh?.next_charge.amount).toBe(3599);
    expect(fresh?.next_charge.tax).toEqual({
      net: 2999,
      amount: 600,
      mode: 'exclusive',
      country: 'FR',
      rate_basis_points: 2000,
    });
    const taken = await call('POST', '/api/user/subscription/pause', { months: 1, promise: fresh?.promise });
    expect(taken.statusCode).toBe(200);
  });
});
