// The figures' histories' app (decision 144) with the operator's token, the drivers and calls a step
// uses, and the check after every step: the operator's figures equal the ledger's.

import { afterAll, beforeAll, expect } from 'vitest';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { CONTENT } from './access-model.ts';
import { startTestApp, type TestApp } from './app.ts';
import { historyCalls, tally } from './history-runs.ts';
import { type Member, TEST_ENV } from './members.ts';
import {
  addMonths,
  type Card,
  DAY,
  figuresOf,
  type Ledger,
  type Plan,
  type Product,
} from './metrics-model.ts';

export const RUNS = Number(process.env.METRICS_HISTORY_RUNS ?? 4);
export const SEED = process.env.METRICS_HISTORY_SEED ? Number(process.env.METRICS_HISTORY_SEED) : undefined;
export const MAX_COMMANDS = Number(process.env.METRICS_HISTORY_STEPS ?? 10);
export const MEMBERS = 2;
export const ADMIN = {
  'admin-token': 'metrics-histories-admin-token-0123456789',
  'admin-actor': 'Histories',
};
export const CARDS: Record<Card, { number: string; expiry: string; cvc: string }> = {
  '4242': { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  '0341': { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' },
};
export const FIRST_UNIT: Record<Product, string> = {
  challenge: CONTENT.days[0] ?? '',
  course: CONTENT.lessons[0]?.key ?? '',
};
export const ITEM: Record<Product, string> = {
  challenge: 'challenge/30-day-shred',
  course: 'course/strength-foundations',
};

export let t: TestApp;
export const { driver, money, api, admin } = historyCalls(() => t, ADMIN);
export const { seen, count } = tally();

export interface Real {
  trainerId: string;
  members: Member[];
  /** Each member's clock as last read: the figures' period reaches the latest. */
  clocks: Date[];
  /** When the sequence began: the figures' period starts with its month. */
  start: Date;
}

export const price = (real: Real, what: Plan | Product) => `${real.trainerId}-price-${what}`;

export async function now(real: Real, i: number): Promise<Date> {
  const at = await clockNow(t.context.db, real.members[i]?.id ?? '');
  real.clocks[i] = at;
  return at;
}

/** After every step: the operator's figures over every month any member's clock has reached. */
export async function checkFigures(ledger: Ledger, real: Real) {
  const first = real.start;
  const last = new Date(Math.max(...real.clocks.map((c) => c.getTime())));
  const from = `${first.toISOString().slice(0, 7)}-01`;
  const to = new Date(
    addMonths(new Date(`${last.toISOString().slice(0, 7)}-01T00:00:00Z`), 1).getTime() - DAY,
  )
    .toISOString()
    .slice(0, 10);
  const months: string[] = [];
  for (let m = new Date(`${from}T00:00:00Z`); m.toISOString().slice(0, 10) <= to; m = addMonths(m, 1))
    months.push(m.toISOString().slice(0, 7));
  const url = `/api/admin/trainers/${real.trainerId}/metrics?from=${from}&to=${to}`;
  const { res, body } = await admin('adminMetrics', 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const shown = body.metrics as Record<string, unknown> & {
    oneTimeSales: { productID: string; count: number; revenue: number }[];
    programs: { productID: string; members: unknown[] }[];
  };
  const expected = figuresOf(ledger, months);
  const context = ledger.log.join(' | ');
  expect(
    {
      mrr: shown.mrr,
      activeMembers: shown.activeMembers,
      trialingMembers: shown.trialingMembers,
      failing: shown.failing,
      recovered: shown.recovered,
      months: shown.months,
      oneTimeSales: shown.oneTimeSales.map((s) => ({
        product: s.productID,
        count: s.count,
        revenue: s.revenue,
      })),
      programs: shown.programs.map((p) => ({ product: p.productID, members: p.members })),
    },
    context,
  ).toEqual({
    ...expected,
    oneTimeSales: expected.oneTimeSales.map((s) => ({ ...s, product: `${real.trainerId}-${s.product}` })),
    programs: expected.programs.map((p) => ({ ...p, product: `${real.trainerId}-${p.product}` })),
  });
}

/** Starts the app before the calling file's tests and closes it after them. */
export function metricsHistoriesApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'] } });
  });
  afterAll(() => t.close());
}
