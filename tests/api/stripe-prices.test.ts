// A price the operator stops selling stops selling at Stripe too, against the local Stripe stub: the
// Stripe price a Billing Portal plan change names is archived before the database archives ours (a
// raise, an archive, a catalogue import), so a portal page opened before can no longer move a member
// onto it. A Stripe failure answers 502 and changes nothing here.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { prices, subscriptions } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import type { TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { adminAppOnStripeStub } from './stripe-app.ts';
import type { StripeStub } from './stripe-stub.ts';

const TOKEN = 'stripe-prices-admin-token-long-enough-012';
const KEY = 'sk_test_pricesync';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Ana' };

let t: TestApp;
let stripe: StripeStub;
adminAppOnStripeStub({ key: KEY, adminToken: TOKEN, webhookSecret: 'whsec_pricesync' }, (app, stub) => {
  t = app;
  stripe = stub;
});
beforeEach(() => stripe.reset([KEY]));

const call = adminCalls(() => t, headers);

/**
 * A trainer whose annual plan a member holds (so it is sold), and the Stripe price an open plan
 * change to it made (lookup key: our price id and amount).
 */
async function annualAtStripe(trainer: string) {
  await seedTrainer(t.context.db, { id: trainer, name: `Coach ${trainer}` });
  const annual = `${trainer}-price-annual`;
  const member = await createMember(t.context, { trainerId: trainer, hadTrial: true });
  await t.context.db.insert(subscriptions).values({
    id: `sub_${trainer}`,
    trainerId: trainer,
    userId: member.id,
    priceId: annual,
    status: 'active',
    currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    lastEventAt: new Date(),
  });
  stripe.prices.set('price_annual_old', {
    id: 'price_annual_old',
    object: 'price',
    active: true,
    lookup_key: `${annual}-24999`,
  });
  return annual;
}

const archivedAtStripe = () =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices/price_annual_old');
const active = async (id: string) =>
  (await t.context.db.select().from(prices).where(eq(prices.id, id)))[0]?.active;

describe('a price no longer sold, on a Stripe site', () => {
  it('raised: its Stripe price is archived, then ours is replaced', async () => {
    const annual = await annualAtStripe('stripe-raise');
    const { res, body } = await call(
      'adminUpdatePlan',
      'PATCH',
      `/api/admin/trainers/stripe-raise/plans/${annual}`,
      {
        amount: 26999,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(body.replaced).toBe(annual);
    expect(archivedAtStripe().map((r) => r.form)).toEqual([{ active: 'false' }]);
    expect(stripe.prices.get('price_annual_old')?.active).toBe(false);
    expect(await active(annual)).toBe(false);
  });

  it('archived, or dropped by a catalogue import: its Stripe price is archived', async () => {
    const annual = await annualAtStripe('stripe-archive');
    const archived = await call(
      'adminArchivePlan',
      'POST',
      `/api/admin/trainers/stripe-archive/plans/${annual}/archive`,
    );
    expect(archived.res.statusCode).toBe(200);
    expect(archivedAtStripe()).toHaveLength(1);

    const dropped = await annualAtStripe('stripe-import');
    const url = '/api/admin/trainers/stripe-import/catalogue';
    // biome-ignore lint/suspicious/noExplicitAny: a catalogue file as a test edits it
    const file: any = (await call('adminExportCatalogue', 'GET', url)).body.catalogue;
    file.products[0].prices = file.products[0].prices.filter((p: { key: string }) => p.key !== 'annual');
    const imported = await call('adminImportCatalogue', 'POST', url, { catalogue: file });
    expect(imported.res.statusCode).toBe(200);
    expect(archivedAtStripe()).toHaveLength(2);
    expect(stripe.prices.get('price_annual_old')?.active).toBe(false);
    expect(await active(dropped)).toBe(false);
  });

  it('asks Stripe nothing more for a price no plan change ever named there', async () => {
    const annual = await annualAtStripe('stripe-unnamed');
    stripe.prices.clear();
    const { res } = await call(
      'adminUpdatePlan',
      'PATCH',
      `/api/admin/trainers/stripe-unnamed/plans/${annual}`,
      {
        amount: 26999,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(stripe.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['GET /v1/prices']);
  });

  it('answers 502 when Stripe fails, and keeps selling the price here', async () => {
    const annual = await annualAtStripe('stripe-down');
    // Twice: the client retries a failed request once.
    stripe.fail(
      'POST',
      /^\/v1\/prices\//,
      { status: 500, error: { type: 'api_error', message: 'Stripe is having a bad day' } },
      2,
    );
    const { res, body } = await call(
      'adminUpdatePlan',
      'PATCH',
      `/api/admin/trainers/stripe-down/plans/${annual}`,
      {
        amount: 26999,
      },
    );
    expect(res.statusCode).toBe(502);
    expect(body.message).toContain(`Stripe did not archive the price of ${annual}`);
    expect(await active(annual)).toBe(true);
  });
});
