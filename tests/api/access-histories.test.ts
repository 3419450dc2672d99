// Random member histories for access, as billing-histories.test.ts runs them for money: fast-check's
// commands drive the real API on the sandbox gateway (buy the challenge or the course, refund,
// subscribe, cancel at the period's end and keep the membership after all, a renewal declined by the card that fails later, fix the card,
// pause a monthly plan from Manage My Subscription's operations and resume it early (decision 152:
// the library closes while paused), the operator's grant and revocation, the member's test clock moved, a unit opened, marked done or
// not) against the small access model of access-model.ts, which never asks domain/access. After every
// step what the member can open equals the model: getLibrary's open and locked items (with the
// reason), every unit's state of the challenge and the course when open, the streak, and the
// subscription's status as the member's view shows it.
//
// `npm test` runs a small budget; `npm run test:access-histories -- --runs N [--database-url URL]
// [--seed S]` runs more, and a failure prints the seed and the shrunk sequence to replay.

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { accessHistoriesApp, MAX_COMMANDS, RUNS, SEED, seen, t } from './access-histories.app.ts';
import {
  advance,
  buy,
  cancel,
  grant,
  keep,
  pause,
  refund,
  resume,
  revoke,
  subscribe,
  toPeriodEnd,
  updateCard,
} from './access-histories.commands.ts';
import { mark, open, type Target } from './access-histories.units.ts';
import { type Card, newModel, type Plan, type Product } from './access-model.ts';
import { createMember } from './fixtures.ts';

accessHistoriesApp();

const product = fc.constantFrom<Product>('challenge', 'course');
const target = fc.constantFrom<Target>('challenge', 'challenge', 'course', 'entry', 'annualEntry');
/** Mostly the first units, which open soonest; sometimes any. */
const unit = fc.oneof(fc.nat(2), fc.nat(40));
const subscribeTo = fc
  .tuple(
    fc.constantFrom<Plan>('weekly', 'weekly', 'monthly', 'monthly', 'annual'),
    fc.constantFrom<Card>('4242', '0341'),
  )
  .map(([p, c]) => subscribe(p, c));
const move = fc.tuple(fc.oneof(fc.nat(2), fc.nat(10), fc.nat(40)), fc.nat(23)).map(([d, h]) => advance(d, h));
// Each arbitrary is drawn as often as it is listed: access changes with holdings and with time.
const commands = [
  product.map(buy),
  product.map(buy),
  product.map(refund),
  subscribeTo,
  subscribeTo,
  fc.constant(cancel),
  // A pause needs a paid monthly plan: drawn often enough that pauses begin, run and end early.
  fc.constant(subscribe('monthly', '4242')),
  fc.constantFrom(1, 2, 3).map(pause),
  fc.constantFrom(1, 2, 3).map(pause),
  fc.constantFrom(1, 2, 3).map(pause),
  fc.constant(resume),
  fc.constant(resume),
  fc.constant(keep),
  fc.constant(toPeriodEnd),
  fc.constantFrom<Card>('4242', '0341').map(updateCard),
  fc
    .tuple(
      fc.constantFrom<Product | 'membership'>('challenge', 'course', 'membership'),
      fc.option(fc.nat(20), { nil: null }),
    )
    .map(([g, d]) => grant(g, d)),
  fc.constant(revoke),
  move,
  move,
  fc.tuple(target, unit).map(([tg, i]) => open(tg, i)),
  fc.tuple(target, unit).map(([tg, i]) => open(tg, i)),
  fc.tuple(target, unit, fc.boolean()).map(([tg, i, d]) => mark(tg, i, d)),
  fc.tuple(target, unit, fc.boolean()).map(([tg, i, d]) => mark(tg, i, d)),
];

describe('random member histories of access on the sandbox', () => {
  it(
    `open exactly what the access model says, over ${RUNS} random sequences of up to ${MAX_COMMANDS} steps`,
    async () => {
      let steps = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }),
          // Mostly a member who had their trial: their monthly plan is paid at once and may pause.
          fc.oneof(fc.constant(true), fc.boolean()),
          async (cmds, hadTrial) => {
            const member = await createMember(t.context, { hadTrial });
            await fc.asyncModelRun(() => ({ model: newModel(hadTrial), real: member }), cmds);
            steps += [...cmds].length;
          },
        ),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
      console.info(
        `access histories: ${RUNS} sequences, ${steps} steps; ${Object.entries(seen)
          .map(([what, n]) => `${what} ${n}`)
          .join(', ')}`,
      );
    },
    Math.max(120_000, RUNS * 15_000),
  );
});
