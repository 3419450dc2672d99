// A plan-change page whose new plan the trainer has since stopped selling at that price: raised
// (the sold price archived and replaced) or dropped by a catalogue import. Confirming it charges
// nothing and answers as checkout answers a page of an archived price: 410, saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, shownPromise } from './hosted-pages.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'archived-price-admin-token-long-enough';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Ana Operator' };

let t: TestApp;
const billing = billingDriver(() => t);
const call = adminCalls(() => t, headers);
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
});
afterAll(() => t.close());

/** A trainer of its own, seeded like the demo, and a member on its monthly plan (paid at once). */
async function monthlyMember(trainer: string) {
  await seedTrainer(t.context.db, { id: trainer, name: `Coach ${trainer}` });
  const member = await createMember(t.context, { trainerId: trainer, hadTrial: true });
  await billing.subscribe(member, `${trainer}-price-monthly`);
  return member;
}

/** The member's open change page to the annual plan, and the digest of the quote it shows. */
async function annualChangePage(member: Awaited<ReturnType<typeof monthlyMember>>) {
  const path = await billing.start(member, [`${member.trainerId}-price-annual`]);
  expect(path).toMatch(/\/change$/);
  const promise = await shownPromise(t.app, path);
  expect(promise).toBeDefined();
  return { path, promise: promise ?? '' };
}

async function expectRefusedWithNothingCharged(
  member: Awaited<ReturnType<typeof monthlyMember>>,
  page: { path: string; promise: string },
) {
  const confirmed = await billing.post(page.path, { promise: page.promise });
  expect(confirmed.statusCode).toBe(410);
  expect(confirmed.body).toContain('no longer sold at the price this page showed');
  expect(confirmed.body).not.toContain('name="promise"');
  const { subscriptions, charges } = await billing.customerOf(member);
  expect(charges.map((c) => c.amount)).toEqual([2999]);
  expect(subscriptions.data[0]?.plan.id).toBe(`${member.trainerId}-price-monthly`);
  // Read again, the page says the same: it never offers the archived price.
  const again = await t.app.inject({ method: 'GET', url: page.path });
  expect(again.statusCode).toBe(410);
}

describe('a plan-change page to a price no longer sold', () => {
  it('raised by the trainer (archived and replaced): confirming charges nothing and answers 410', async () => {
    const member = await monthlyMember('archived-raise');
    const page = await annualChangePage(member);
    const annual = `${member.trainerId}-price-annual`;
    const raised = await call(
      'adminUpdatePlan',
      'PATCH',
      `/api/admin/trainers/${member.trainerId}/plans/${annual}`,
      {
        amount: 26999,
      },
    );
    expect(raised.body.replaced).toBe(annual);
    await expectRefusedWithNothingCharged(member, page);
  });

  it('dropped by a catalogue import: confirming charges nothing and answers 410', async () => {
    const member = await monthlyMember('archived-import');
    const page = await annualChangePage(member);
    const url = `/api/admin/trainers/${member.trainerId}/catalogue`;
    // biome-ignore lint/suspicious/noExplicitAny: a catalogue file as a test edits it
    const file: any = (await call('adminExportCatalogue', 'GET', url)).body.catalogue;
    const membership = file.products[0];
    membership.prices = membership.prices.filter((p: { key: string }) => p.key !== 'annual');
    const imported = await call('adminImportCatalogue', 'POST', url, { catalogue: file });
    expect(imported.res.statusCode).toBe(200);
    await expectRefusedWithNothingCharged(member, page);
  });
});
