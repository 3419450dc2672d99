// The migration that brought invoices (0015) issues them for the charges recorded before it: one
// invoice per paid charge, numbered per trainer in the order paid, a credit note per refund, and the
// counters left where the next charge continues. Its statements are run here on charges recorded
// without invoices, as a database migrated from before would have them.
import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { charges, invoiceCounters, invoices, trainers } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import { TEST_ENV } from './members.ts';

const TRAINER = 'backfill-trainer';
let t: TestApp;
const driver = billingDriver(() => t);
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  await seedTrainer(t.context.db, { id: TRAINER, name: 'Backfill Trainer' });
});
afterAll(() => t.close());

/** The migration's statements that issue documents for earlier charges. */
const backfill = readFileSync(
  new URL('../../server/db/migrations/0015_invoices.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => /^(--[^\n]*\n)*\s*INSERT INTO "(invoices|invoice_counters)"/.test(statement));

it('issues the earlier charges’ invoices and credit notes, numbered in order, and the next continues', async () => {
  expect(backfill).toHaveLength(3);
  const member = await createMember(t.context, { trainerId: TRAINER, locale: 'es' });
  const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));
  const charge = (id: string, day: number, refunded = false) => ({
    id,
    trainerId: TRAINER,
    userId: member.id,
    priceId: `${TRAINER}-price-${id.endsWith('w') ? 'weekly' : 'challenge'}`,
    amount: id.endsWith('w') ? 1499 : 4900,
    currency: 'usd',
    paid: true,
    refunded,
    refundedAt: refunded ? at(day + 1) : null,
    paymentMethod: 'Visa •••• 4242',
    description: 'Earlier',
    createdAt: at(day),
  });
  // Recorded before invoices existed: no documents, no counters.
  await t.context.db
    .insert(charges)
    .values([charge('early-b-w', 3), charge('early-a', 1, true), charge('early-c', 5)]);
  await t.context.db.delete(invoices);
  await t.context.db.delete(invoiceCounters);
  for (const statement of backfill) await t.context.db.execute(sql.raw(statement));

  const issued = await t.context.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, member.id))
    .orderBy(asc(invoices.series), asc(invoices.number));
  expect(issued.map((r) => [r.series, r.number, r.chargeId, r.total])).toEqual([
    ['credit_note', 1, 'early-a', 4900],
    ['invoice', 1, 'early-a', 4900],
    ['invoice', 2, 'early-b-w', 1499],
    ['invoice', 3, 'early-c', 4900],
  ]);
  expect(issued[0]?.document).toMatchObject({ credits: 'INV-000001', seller: null, buyer: null });
  expect(issued[2]?.document.lines).toEqual([
    { kind: 'plan', description: 'Earlier', periodStart: null, periodEnd: null, amount: 1499 },
  ]);

  // Read now, it states the trainer's details as they are now (set after the charge).
  await t.context.db.update(trainers).set({ legalName: 'Backfill S.L.' }).where(eq(trainers.id, TRAINER));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/invoices/${issued[1]?.id}/pdf`,
    headers: { token: member.token },
  });
  const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
  const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain('Número: INV-000001');
  expect(text).toContain('Backfill S.L.');
  expect(text).toContain('Total pagado $49');

  // The next charge continues the series where the backfill left it.
  await driver.post(await driver.start(member, [`${TRAINER}-price-course`]), CARD);
  const numbers = await t.context.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.trainerId, TRAINER), eq(invoices.series, 'invoice')))
    .orderBy(asc(invoices.number));
  expect(numbers.map((n) => n.number)).toEqual([1, 2, 3, 4]);
});
