// Invoice numbers (decision 154): each trainer's invoices and credit notes are numbered 1, 2, 3…
// with no gap and no number twice, however many charges are recorded at once. On PostgreSQL (the
// api-postgres project) the transactions really run side by side; some roll back after taking a
// number, which must come back to the series. The oracle is the count of charges committed.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.ts';
import { charges, invoiceCounters, invoices } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import { issueCreditNote, issueInvoice } from '../../server/invoices/issue-invoices.ts';
import { insertCharge, refundCharges } from '../../server/payments/charges.repository.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import { TEST_ENV } from './members.ts';

const TRAINER = 'numbering-trainer';
const SHOP = 'numbering-shop';
let t: TestApp;
const driver = billingDriver(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  await seedTrainer(t.context.db, { id: TRAINER, name: 'Numbering Trainer' });
  await seedTrainer(t.context.db, { id: SHOP, name: 'Numbering Shop' });
});
afterAll(() => t.close());

async function numbers(trainerId: string, series: 'invoice' | 'credit_note') {
  const rows = await t.context.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.trainerId, trainerId), eq(invoices.series, series)))
    .orderBy(asc(invoices.number));
  return rows.map((r) => r.number);
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * Runs the tasks `width` at a time, as the server's pool of connections lets requests run: more
 * at once than connections would only wait for one (and time out waiting), not overlap more.
 */
async function atOnce<T>(tasks: (() => Promise<T>)[], width: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (!task) return;
      results[index] = await task().then(
        (value) => ({ status: 'fulfilled' as const, value }),
        (reason: unknown) => ({ status: 'rejected' as const, reason }),
      );
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Fewer than the pool's connections, so none waits past its deadline for one. */
const WIDTH = 8;

describe('invoice numbers under concurrency', () => {
  it('numbers 60 charges recorded at once, a sixth of them rolled back, without a gap or a repeat', async () => {
    const member = await createMember(t.context, { trainerId: TRAINER });
    const attempts = 60;
    const outcomes = await atOnce(
      Array.from(
        { length: attempts },
        (_, i) => () =>
          t.context.db.transaction(async (tx) => {
            const charge = await insertCharge(tx, {
              id: newId('ch'),
              trainerId: TRAINER,
              userId: member.id,
              priceId: `${TRAINER}-price-challenge`,
              amount: 4900,
              currency: 'usd',
              paid: true,
              paymentMethod: 'Visa •••• 4242',
              description: '30-Day Shred',
            });
            if (!charge) throw new Error('charge not recorded');
            await issueInvoice(tx, charge, []);
            // Taken a number, then failed: the number is given back with the transaction.
            if (i % 6 === 5) throw new Error('rolled back on purpose');
          }),
      ),
      WIDTH,
    );
    const committed = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.map((o) => String((o as PromiseRejectedResult).reason))).toEqual(
      Array.from({ length: attempts / 6 }, () => 'Error: rolled back on purpose'),
    );
    expect(committed).toBe(50);
    expect(await numbers(TRAINER, 'invoice')).toEqual(oneToN(committed));
    const [counter] = await t.context.db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.trainerId, TRAINER), eq(invoiceCounters.series, 'invoice')));
    expect(counter?.last).toBe(committed);

    // Their refunds at once: a credit note each, numbered in their own series, also without a gap.
    const paid = await t.context.db.select().from(charges).where(eq(charges.trainerId, TRAINER));
    const refunds = await atOnce(
      paid.map(
        (charge) => () =>
          t.context.db.transaction(async (tx) => {
            for (const row of await refundCharges(tx, charge.id, null, new Date())) {
              await issueCreditNote(tx, row);
            }
          }),
      ),
      WIDTH,
    );
    expect(refunds.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(await numbers(TRAINER, 'credit_note')).toEqual(oneToN(committed));
  });

  it('numbers 12 members’ checkouts paid at once through the API: one invoice each, 1 to 12', async () => {
    const members = await Promise.all(
      Array.from({ length: 12 }, () => createMember(t.context, { trainerId: SHOP })),
    );
    const pages = await Promise.all(members.map((m) => driver.start(m, [`${SHOP}-price-challenge`])));
    const paid = await Promise.all(pages.map((page) => driver.post(page, CARD)));
    expect(paid.map((res) => res.statusCode)).toEqual(pages.map(() => 303));
    expect(await numbers(SHOP, 'invoice')).toEqual(oneToN(12));
    const perCharge = await t.context.db
      .select({ chargeId: invoices.chargeId })
      .from(invoices)
      .where(eq(invoices.trainerId, SHOP));
    expect(new Set(perCharge.map((r) => r.chargeId)).size).toBe(12);
  });
});
