// Random histories of a trainer's members against the figures (decision 144): fast-check's commands
// drive the real API on the sandbox gateway, as billing-histories.test.ts and access-histories.test.ts
// do (subscribe with or without a coupon, into a trial or paying at once, on a card that pays or one
// declined after checkout; cancel at the period's end; fix the card of an overdue renewal; refund a
// plan's or a product's charge; buy the challenge or the course; the operator's grants; a program
// opened and its first unit marked done or not; each member's test clock moved across trials,
// renewals, retries and month ends). Beside it, the ledger of metrics-model.ts, which never asks the
// code under test, writes down what each step counts. After every step the operator's figures
// (adminMetrics, checked against the contract) equal the ledger's: MRR now and at each month's end,
// active and trialing members, new and churned members, MRR churn, trials started, ended and
// converted, revenue, refunds, payments failing now and their amount, payments recovered, one-time
// sales per product, and how far members got in each program.
//
// Each sequence has a trainer of its own (the demo catalogue under a new id) and two members.
// `npm test` runs a small budget; `npm run test:metrics-histories -- --runs N [--database-url URL]
// [--seed S]` runs more, and a failure prints the seed and the shrunk sequence to replay.

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { coupons } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import { createMember } from './fixtures.ts';
import {
  checkFigures,
  MAX_COMMANDS,
  MEMBERS,
  metricsHistoriesApp,
  now,
  type Real,
  RUNS,
  SEED,
  seen,
  t,
} from './metrics-histories.app.ts';
import {
  advance,
  buy,
  cancel,
  grant,
  mark,
  refund,
  subscribe,
  updateCard,
} from './metrics-histories.commands.ts';
import { type Card, COUPONS, type Coupon, newLedger, type Plan, type Product } from './metrics-model.ts';

metricsHistoriesApp();

const who = fc.nat(MEMBERS - 1);
const product = fc.constantFrom<Product>('challenge', 'course');
const card = fc.constantFrom<Card>('4242', '0341');
const subscribeTo = fc
  .tuple(
    who,
    fc.constantFrom<Plan>('weekly', 'monthly', 'annual'),
    fc.option(fc.constantFrom<Coupon>('FOREVER5', 'REPEAT20', 'ONCE10'), { nil: null }),
    card,
  )
  .map(([i, p, c, k]) => subscribe(i, p, c, k));
const move = fc
  .tuple(
    who,
    fc.oneof(fc.nat(4), fc.integer({ min: 5, max: 20 }), fc.integer({ min: 20, max: 80 })),
    fc.nat(23),
  )
  .map(([i, d, h]) => advance(i, d, h));
// Each arbitrary is drawn as often as it is listed: the figures move with subscriptions and time
// (trials, renewals, declines and their retries, ends), and a declined renewal is fixed by a card.
const commands = [
  subscribeTo,
  subscribeTo,
  subscribeTo,
  move,
  move,
  move,
  move,
  who.map(cancel),
  fc.tuple(who, fc.constantFrom<Card>('4242', '4242', '0341')).map(([i, c]) => updateCard(i, c)),
  fc.tuple(who, fc.constantFrom<Card>('4242', '4242', '0341')).map(([i, c]) => updateCard(i, c)),
  fc
    .tuple(who, fc.constantFrom<Plan | Product>('weekly', 'monthly', 'annual', 'challenge', 'course'))
    .map(([i, w]) => refund(i, w)),
  fc.tuple(who, product).map(([i, p]) => buy(i, p)),
  fc.tuple(who, product).map(([i, p]) => grant(i, p)),
  fc.tuple(who, product, fc.option(fc.boolean(), { nil: null })).map(([i, p, d]) => mark(i, p, d)),
];

let trainers = 0;
/** A trainer of its own for a sequence: the demo catalogue under a new id, and this file's coupons. */
async function newTrainer(): Promise<string> {
  const id = `metrics-${process.pid}-${++trainers}`;
  await seedTrainer(t.context.db, { id, name: `Metrics ${trainers}` });
  await t.context.db.insert(coupons).values(
    Object.entries(COUPONS).map(([code, c]) => ({
      id: `${id}-${code}`,
      trainerId: id,
      code,
      percentOff: c.percentOff,
      amountOff: c.amountOff,
      currency: c.amountOff ? 'usd' : null,
      duration: c.duration,
      durationInMonths: c.months,
    })),
  );
  return id;
}

describe('the figures over random member histories on the sandbox', () => {
  it(
    `equal the ledger's over ${RUNS} random sequences of up to ${MAX_COMMANDS} steps`,
    async () => {
      let steps = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }),
          fc.array(fc.boolean(), { minLength: MEMBERS, maxLength: MEMBERS }),
          async (cmds, hadTrial) => {
            const trainerId = await newTrainer();
            const members = await Promise.all(
              hadTrial.map((h) => createMember(t.context, { trainerId, hadTrial: h })),
            );
            const real: Real = { trainerId, members, clocks: [], start: new Date() };
            for (let i = 0; i < MEMBERS; i++) await now(real, i);
            const ledger = newLedger(MEMBERS, hadTrial);
            await checkFigures(ledger, real);
            await fc.asyncModelRun(() => ({ model: ledger, real }), cmds);
            steps += [...cmds].length;
          },
        ),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
      console.info(
        `metrics histories: ${RUNS} sequences, ${steps} steps; ${Object.entries(seen)
          .map(([what, n]) => `${what} ${n}`)
          .join(', ')}`,
      );
    },
    Math.max(120_000, RUNS * 15_000),
  );
});
