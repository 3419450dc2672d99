// Random member histories against the real API on the sandbox gateway: subscribe with or without a
// coupon on a card that pays or one that is declined after checkout, open plan-change pages and
// confirm them now or much later, cancel, refund, change the card, buy the challenge (twice, at
// once) and move the member's test clock by random amounts across renewals and month ends.
//
// The oracle is a small ledger kept beside the system, which never asks the billing engine for a
// figure. It holds every amount the member was shown and accepted (a page's total, the next charge
// the profile states before the clock reaches it, the amount a fixed card is asked to pay), what the
// current period was charged and when it began, and the rules of the price list and the coupons
// written here by hand. After every step: at most one live subscription, the charges are exactly the
// ledger's amounts, a renewal costs what the price list and the coupon's duration say, a change page
// credits the unused share of what the current period was charged and charges the new plan by the
// price list and the coupon (Stripe's flexible billing mode, decision 132), each charge has one
// receipt, no charge to a declining card after checkout, the challenge held at most once, and the
// profile and the portal state the same dates. Choosing the plan already held keeps it when a change
// or the end is scheduled, and is refused otherwise (decision 133). A member pauses a monthly plan for
// the months the trainer allows and may resume early (decision 152): the pause begins at the period's
// end and resumes the anchor's day N months later (computed here by hand), nothing is charged inside
// it, and the charge that resumes it is the one stated; at the cancel button they give a reason and
// take or leave the trainer's one offer, a coupon for the next months or a pause (decision 153),
// whose stated next charge is the one made; every answer is recorded. The tax variant (decision 173)
// draws the trainer's tax settings and the member's country per history: the ledger keeps price-list
// figures, and every amount shown (a checkout, a change's two lines, a renewal, a pause, an offer) is
// taxed from this file's own rate table, as Stripe taxes each line, before it is held to the charges.
// Its members also give another billing country mid-subscription: each later charge is taxed under
// the new country, as Stripe taxes each invoice from the address of its day, and a declined renewal
// stays due at the total its failed-payment email stated; every invoice names the country and rate
// its charge was taxed under (a declined renewal's, those of the day it was issued).
//
// `npm test` runs a small budget of sequences; `npm run test:histories -- [--tax] --runs N` runs more,
// and a failure prints fast-check's seed and the shrunk sequence to replay it with `--seed`.

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { charges, trainers } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { historiesApp, seen, t } from './billing-histories.app.ts';
import { Cancel, ConfirmPage, KeepPlan, OpenChange, Subscribe } from './billing-histories.commands.ts';
import {
  type Card,
  COUNTRIES,
  COUPONS,
  type CouponCode,
  type Ledger,
  MAX_COMMANDS,
  memberTax,
  type OfferKind,
  PAUSE_MONTHS,
  PLAN_NAMES,
  type PlanName,
  REASONS,
  type Real,
  RUNS,
  SEED,
  TAX_RUNS,
  TAX_SETTINGS,
  type TaxSettingsName,
} from './billing-histories.oracle.ts';
import { CancelFlow, Pause, Resume } from './billing-histories.pause.ts';
import { Advance, BuyChallenge, ChangeCountry, Refund, UpdateCard } from './billing-histories.payments.ts';
import { createMember } from './fixtures.ts';
import { giveCountry } from './members.ts';

historiesApp();

// Monthly is drawn three times as often: only a monthly plan pauses (decision 152).
const subscribe = fc
  .tuple(
    fc.constantFrom<PlanName>(...PLAN_NAMES, 'monthly', 'monthly'),
    fc.option(fc.constantFrom(...(Object.keys(COUPONS) as CouponCode[])), { nil: null }),
    fc.constantFrom<Card>('4242', '4242', '0341'),
  )
  .map(([plan, coupon, card]) => new Subscribe(plan, coupon, card));
const openChange = fc.constantFrom(...PLAN_NAMES).map((plan) => new OpenChange(plan));
const confirmPage = fc.nat(5).map((i) => new ConfirmPage(i));
// Renewals, retries and month ends need time: most moves are days, some cross several periods.
const advance = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 10 }),
      fc.integer({ min: 0, max: 70 }),
    ),
    fc.integer({ min: 0, max: 23 }),
  )
  .map(([d, h]) => new Advance(d, h));

const pause = fc.constantFrom(...PAUSE_MONTHS).map((months) => new Pause(months));
const cancelFlow = fc
  .tuple(fc.constantFrom(...REASONS), fc.boolean())
  .map(([reason, take]) => new CancelFlow(reason, take));

// Each arbitrary is drawn as often as it is listed: money moves on subscriptions, changes and time.
const commands = [
  subscribe,
  subscribe,
  openChange,
  openChange,
  confirmPage,
  confirmPage,
  confirmPage,
  advance,
  advance,
  advance,
  fc.constant(new Cancel()),
  fc.constant(new KeepPlan()),
  fc.constant(new Refund()),
  fc.constantFrom<Card>('4242', '0341').map((card) => new UpdateCard(card)),
  fc.constantFrom<Card>('4242', '0341').map((card) => new UpdateCard(card)),
  fc.boolean().map((twice) => new BuyChallenge(twice)),
  pause,
  pause,
  pause,
  fc.constant(new Resume()),
  fc.constant(new Resume()),
  cancelFlow,
  cancelFlow,
];
// The tax variant's members also move: twice, so a history may cross a renewal under each country.
const changeCountry = fc.constantFrom(...COUNTRIES).map((country) => new ChangeCountry(country));
const taxedCommands = [...commands, changeCountry, changeCountry];

/**
 * The histories, untaxed or (`taxed`) under tax settings and a member's country drawn per history;
 * the tax variant draws none untaxed, and a country outside the settings pays the price alone.
 */
async function runHistories(runs: number, taxed: boolean) {
  let steps = 0;
  let taxedHistories = 0;
  const startCharges = (await t.context.db.select().from(charges)).length;
  // Three members in four in a country the settings tax; the rest in one they do not, or in none.
  const taxDraw = taxed
    ? fc.constantFrom(...(Object.keys(TAX_SETTINGS) as TaxSettingsName[])).chain((settings) =>
        fc.tuple(
          fc.constant(settings),
          fc.oneof(
            { arbitrary: fc.constantFrom(...Object.keys(TAX_SETTINGS[settings].rates)), weight: 3 },
            {
              arbitrary: fc.constantFrom(
                ...COUNTRIES.filter((c) => !c || !(c in TAX_SETTINGS[settings].rates)),
              ),
              weight: 1,
            },
          ),
        ),
      )
    : fc.constant([null, null] as const);
  await fc.assert(
    fc.asyncProperty(
      fc.commands(taxed ? taxedCommands : commands, { maxCommands: MAX_COMMANDS, size: 'max' }),
      fc.boolean(),
      fc.constantFrom<OfferKind>('coupon', 'pause', 'none'),
      // Half the histories start on a paid monthly plan: the one a pause and the offers apply to.
      fc.boolean(),
      taxDraw,
      async (cmds, hadTrialDrawn, offer, startsPaidMonthly, [settings, country]) => {
        const hadTrial = hadTrialDrawn || startsPaidMonthly;
        // The trainer's settings for this history: every length allowed, one offer or none, the tax.
        await t.context.db
          .update(trainers)
          .set({
            pauseMonths: PAUSE_MONTHS,
            cancelOffer:
              offer === 'coupon'
                ? { kind: 'coupon', couponId: 'hist-HIST_STAY50' }
                : offer === 'pause'
                  ? { kind: 'pause', months: 1 }
                  : null,
            tax: settings
              ? { mode: TAX_SETTINGS[settings].mode, rates: { ...TAX_SETTINGS[settings].rates } }
              : null,
          })
          .where(eq(trainers.id, DEMO_TRAINER_ID));
        const member = await createMember(t.context, { hadTrial });
        if (settings) await giveCountry(t.app, member.token, country);
        const tax = memberTax(settings, country);
        if (tax) taxedHistories++;
        const ledger: Ledger = {
          expected: [],
          rules: [],
          enteredOn0341: 0,
          hadTrial,
          card: null,
          coupon: null,
          owed: null,
          period: null,
          pages: [],
          anchorDay: null,
          pauses: [],
          offer,
          answers: 0,
          log: settings ? [`${settings}, member in ${country ?? 'no country'}`] : [],
          tax,
          settings,
        };
        const real: Real = { member, portal: null };
        if (startsPaidMonthly) await new Subscribe('monthly', null, '4242').run(ledger, real);
        await fc.asyncModelRun(() => ({ model: ledger, real }), cmds);
        steps += [...cmds].length;
      },
    ),
    { numRuns: runs, ...(SEED !== undefined ? { seed: SEED } : {}) },
  );
  const charged = (await t.context.db.select().from(charges)).length - startCharges;
  console.info(
    `billing histories${taxed ? ` with tax (${taxedHistories} members taxed)` : ''}: ${runs} sequences, ${steps} steps, ${charged} charges checked; ${Object.entries(
      seen,
    )
      .map(([what, n]) => `${what} ${n}`)
      .join(', ')}`,
  );
  for (const what of Object.keys(seen)) delete seen[what];
}

describe('random member histories on the sandbox', () => {
  it(
    `keep the money invariants over ${RUNS} random sequences of up to ${MAX_COMMANDS} steps`,
    () => runHistories(RUNS, false),
    Math.max(120_000, RUNS * 10_000),
  );
});

describe('random member histories with tax', () => {
  it(
    `keep the money invariants, every amount shown with its tax, over ${TAX_RUNS} sequences`,
    () => runHistories(TAX_RUNS, true),
    Math.max(120_000, TAX_RUNS * 10_000),
  );
});
