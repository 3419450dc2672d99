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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUserView } from '../../server/accounts/member-view.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PaymentProcessor } from '../../server/payments/processor.ts';
import { advanceClock, clockNow } from '../../server/sandbox/sandbox-clock.ts';
import {
  ALL_ITEMS,
  access,
  advanceSubs,
  type Card,
  CONTENT,
  DAY,
  ITEM,
  liveSub,
  type Model,
  newModel,
  type Plan,
  type Product,
  pausedAt,
  periodEnd,
  statusOf,
  streakOf,
  unitStates,
} from './access-model.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember, userRow } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { libraryCalls, moneyDriver, PRICE } from './library-calls.ts';
import { type Member, TEST_ENV } from './members.ts';

const RUNS = Number(process.env.ACCESS_HISTORY_RUNS ?? 6);
const SEED = process.env.ACCESS_HISTORY_SEED ? Number(process.env.ACCESS_HISTORY_SEED) : undefined;
const MAX_COMMANDS = Number(process.env.ACCESS_HISTORY_STEPS ?? 10);
const ADMIN = { 'admin-token': 'access-histories-admin-token-0123456789', 'admin-actor': 'Histories' };
const CARDS: Record<Card, { number: string; expiry: string; cvc: string }> = {
  '4242': { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  '0341': { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' },
};

let t: TestApp;
let processor: PaymentProcessor;
const driver = billingDriver(() => t);
const money = moneyDriver(driver);
const api = libraryCalls(() => t);
const admin = adminCalls(() => t, ADMIN);
/** What the runs did, printed at the end, so a run that tested little shows it. */
const seen: Record<string, number> = {};
const count = (what: string) => {
  seen[what] = (seen[what] ?? 0) + 1;
};

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'] } });
  processor = new PaymentProcessor(
    t.context.db,
    'sandbox',
    t.context.mail,
    t.context.config.publicUrl,
    t.context.memberViews,
  );
  const url = `/api/admin/trainers/${DEMO_TRAINER_ID}/retention`;
  const { res } = await admin('adminSetRetention', 'PUT', url, { pauseMonths: [1, 2, 3], cancelOffer: null });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const now = (member: Member) => clockNow(t.context.db, member.id);
const view = async (member: Member) =>
  toUserView(t.context.db, await userRow(t.context, member.id), member.token);

/** After every step: what the member can open, and where they stand, equals the model. */
async function checkAll(m: Model, member: Member) {
  const at = await now(member);
  const context = m.log.join(' | ');
  const live = liveSub(m);
  const shown = (await view(member)).customer.subscriptions.data.find((s) => s.status !== 'canceled');
  expect(shown?.status ?? 'none', `the subscription's status; ${context}`).toBe(
    live ? statusOf(live, at) : 'none',
  );
  expect(shown?.pause ?? null, `the pause shown; ${context}`).toEqual(
    live?.pause
      ? { starts_at: live.pause.startsAt.toISOString(), resumes_at: live.pause.resumesAt.toISOString() }
      : null,
  );

  if (live && pausedAt(live, at)) count('steps checked inside a pause');
  const library = (await api.library(member)).ok;
  const expected = ALL_ITEMS.map((id) => ({ id, verdict: access(m, id, at) }));
  expect(library?.items.map((i) => `${i.kind}/${i.slug}`).sort(), `open items; ${context}`).toEqual(
    expected
      .filter((e) => e.verdict.open)
      .map((e) => e.id)
      .sort(),
  );
  expect(
    library?.locked.map((l) => `${l.kind}/${l.slug} ${l.reason}`).sort(),
    `locked items; ${context}`,
  ).toEqual(
    expected
      .flatMap(({ id, verdict }) =>
        !verdict.open && verdict.reason !== 'notHeld' ? [`${id} ${verdict.reason}`] : [],
      )
      .sort(),
  );
  for (const product of ['challenge', 'course'] as const) {
    if (!access(m, ITEM[product], at).open) continue;
    const item = (await api.item(member, ITEM[product])).ok?.item;
    const states = unitStates(m, product, at);
    expect(
      item?.units.map((u) => `${u.key} ${u.state} ${u.state === 'opensOn' ? u.opensAt : ''}`),
      `${product}'s units; ${context}`,
    ).toEqual(
      states.map(
        (s) => `${s.key} ${s.unit.state} ${s.unit.state === 'opensOn' ? s.unit.opensAt.toISOString() : ''}`,
      ),
    );
    if (product === 'challenge') expect(item?.streak, `streak; ${context}`).toBe(streakOf(m, at));
  }
}

type Command = fc.AsyncCommand<Model, Member>;
const command = (name: string, run: (m: Model, member: Member) => Promise<void>): Command => ({
  check: () => true,
  async run(m, member) {
    m.log.push(name);
    await run(m, member);
    await checkAll(m, member);
  },
  toString: () => name,
});

const buy = (product: Product) =>
  command(`buy(${product})`, async (m, member) => {
    const at = await now(member);
    const held = m.purchases.some((p) => p.product === product && !p.refundedAt);
    const res = await driver.startSession(member, [PRICE[product]]);
    if (held) {
      expect(res.statusCode, 'a product held is not sold again').toBe(409);
      return;
    }
    const paid = await driver.post(new URL(res.json().url).pathname, CARDS['4242']);
    expect(paid.statusCode).toBe(303);
    m.purchases.push({ product, paidAt: at, refundedAt: null });
    count(`${product} bought`);
  });

const refund = (product: Product) =>
  command(`refund(${product})`, async (m, member) => {
    const purchase = m.purchases.find((p) => p.product === product && !p.refundedAt);
    const at = await now(member);
    expect(await money.refund(member, PRICE[product])).toBe(purchase !== undefined);
    if (purchase) {
      purchase.refundedAt = at;
      count(`${product} refunded`);
    }
  });

const subscribe = (plan: Plan, card: Card) =>
  command(`subscribe(${plan}, ${card})`, async (m, member) => {
    if (liveSub(m)) return;
    await driver.subscribe(member, PRICE[plan], CARDS[card]);
    const shown = (await view(member)).customer.subscriptions.data[0];
    // The demo's monthly and annual plans have a free trial, once; the weekly plan has none.
    const trial = plan !== 'weekly' && !m.hadTrial;
    expect(shown?.status).toBe(trial ? 'trialing' : 'active');
    m.hadTrial ||= trial;
    const anchor = new Date(shown?.current_period_end ?? 0);
    m.subs.push({
      plan,
      card,
      anchor,
      periods: 0,
      periodEnd: anchor,
      trialing: trial,
      cancelAtPeriodEnd: false,
      overdueSince: null,
      endedAt: null,
      pause: null,
    });
    count(trial ? 'subscriptions into a trial' : 'subscriptions paid');
  });

// Cancelling during a pause is not drawn: the pause's own early end comes first (decision 152).
const cancel: Command = {
  ...command('cancelAtPeriodEnd', async (m, member) => cancelNow(m, member)),
  check: (m) => !liveSub(m)?.pause,
};
async function cancelNow(m: Model, member: Member) {
  const sub = liveSub(m);
  expect(await money.cancelAtPeriodEnd(member)).toBe(sub !== null);
  if (sub) {
    sub.cancelAtPeriodEnd = true;
    count('cancellations at period end');
  }
}

const userCall = (member: Member, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { token: member.token }, ...(payload && { payload }) });

/** A pause chosen in Manage My Subscription, as its options state it; refused where the rule refuses. */
const pause = (months: number) =>
  command(`pause(${months})`, async (m, member) => {
    const sub = liveSub(m);
    const options = await userCall(member, 'GET', '/api/user/subscription/pause-options');
    if (!sub) return expect(options.statusCode).toBe(404);
    const option = (
      options.json().options as { months: number; starts_at: string; resumes_at: string; promise: string }[]
    ).find((o) => o.months === months);
    const at = await now(member);
    // A paid monthly plan with nothing due, scheduled or planned, inside a period paid for.
    const may =
      sub.plan === 'monthly' &&
      !sub.trialing &&
      !sub.overdueSince &&
      !sub.cancelAtPeriodEnd &&
      !sub.pause &&
      at < sub.periodEnd;
    if (!may) {
      expect(option, 'a pause the rule refuses is not offered').toBeUndefined();
      const refused = await userCall(member, 'POST', '/api/user/subscription/pause', {
        months,
        promise: 'x',
      });
      expect(refused.statusCode).toBe(409);
      count('pauses refused');
      return;
    }
    const resumesAt = periodEnd(sub, sub.periods + months);
    expect([option?.starts_at, option?.resumes_at]).toEqual([
      sub.periodEnd.toISOString(),
      resumesAt.toISOString(),
    ]);
    const res = await userCall(member, 'POST', '/api/user/subscription/pause', {
      months,
      promise: option?.promise,
    });
    expect(res.statusCode, res.body).toBe(200);
    sub.pause = { months, startsAt: sub.periodEnd, resumesAt };
    count(`pauses of ${months} month(s)`);
  });

const resume = command('resumeNow', async (m, member) => {
  const sub = liveSub(m);
  const res = await userCall(member, 'POST', '/api/user/subscription/resume');
  if (!sub) return expect(res.statusCode).toBe(404);
  if (!sub.pause) return expect(res.statusCode).toBe(409);
  expect(res.statusCode, res.body).toBe(200);
  const at = await now(member);
  if (pausedAt(sub, at)) {
    // Under way: it ends now, and the next renewal is the plan's cycle's next after now.
    let k = sub.periods - sub.pause.months;
    while (periodEnd(sub, k) <= at) k++;
    sub.periods = k;
    sub.periodEnd = periodEnd(sub, k);
    count('pauses resumed early');
  } else count('pauses called off');
  sub.pause = null;
});

/**
 * Manage My Subscription's "Keep my membership" (decisions 133, 162): a cancellation at the period's
 * end withdrawn, so access runs on past it; refused with nothing set to end, or while a renewal is due.
 */
const keep = command('keepMembership', async (m, member) => {
  const sub = liveSub(m);
  const res = await userCall(member, 'POST', '/api/user/subscription/keep');
  if (!sub) return expect(res.statusCode).toBe(404);
  if (!sub.cancelAtPeriodEnd || sub.overdueSince) {
    expect(res.statusCode, res.body).toBe(409);
    return count('keeps refused');
  }
  expect(res.statusCode, res.body).toBe(200);
  sub.cancelAtPeriodEnd = false;
  count('cancellations withdrawn');
});

const updateCard = (card: Card) =>
  command(`updateCard(${card})`, async (m, member) => {
    const sub = liveSub(m);
    const status = await money.changeCard(member, CARDS[card]);
    if (!sub) return expect(status).toBeNull();
    if (sub.overdueSince && card === '0341')
      return expect(status, 'a declining card cannot pay what is due').toBe(400);
    expect(status).toBe(303);
    if (sub.overdueSince) count('overdue renewals paid by a new card');
    sub.card = card;
    sub.overdueSince = null;
  });

const grant = (target: Product | 'membership', days: number | null) =>
  command(`grant(${target}, ${days === null ? 'no end' : `${days} days`})`, async (m, member) => {
    const at = await now(member);
    const lastDay =
      days === null ? undefined : new Date(at.getTime() + days * DAY).toISOString().slice(0, 10);
    const slug = { challenge: '30-day-shred', course: 'strength-foundations', membership: 'membership' }[
      target
    ];
    const url = `/api/admin/trainers/${member.trainerId}/members/${member.id}/grants`;
    const { res, body } = await admin('adminGrantAccess', 'POST', url, { target: slug, until: lastDay });
    expect(res.statusCode, res.body).toBe(201);
    const until = lastDay ? new Date(Date.parse(`${lastDay}T00:00:00Z`) + DAY) : null;
    m.grants.push({ id: (body.grant as { id: string }).id, target, from: at, until, revokedAt: null });
    count('grants');
  });

const revoke = command('revokeLatestGrant', async (m, member) => {
  const g = m.grants.findLast((x) => x.revokedAt === null);
  if (!g) return;
  const at = await now(member);
  const url = `/api/admin/trainers/${member.trainerId}/members/${member.id}/grants/${g.id}`;
  const { res } = await admin('adminRevokeGrant', 'DELETE', url);
  const ended = g.until !== null && g.until <= at;
  expect(res.statusCode).toBe(ended ? 409 : 200);
  if (!ended) {
    g.revokedAt = at;
    count('grants revoked');
  }
});

const advance = (days: number, hours: number) =>
  command(`advance(${days} d ${hours} h)`, async (m, member) => {
    const moved0 = await now(member);
    const before = m.subs.map((s) => statusOf(s, moved0)).join();
    const moved = await advanceClock(processor, member.id, days * DAY + hours * (DAY / 24));
    advanceSubs(m, moved.now);
    count('clock moves');
    const after = m.subs.map((s) => statusOf(s, moved.now));
    if (after.join() !== before) count(`moves that left a subscription ${after.at(-1)}`);
  });

/** The clock moved just past the live subscription's period end: where a planned pause begins. */
const toPeriodEnd = command('advancePastPeriodEnd', async (m, member) => {
  const sub = liveSub(m);
  if (!sub) return;
  const ms = sub.periodEnd.getTime() - (await now(member)).getTime() + DAY / 24;
  if (ms <= 0) return;
  const moved = await advanceClock(processor, member.id, ms);
  advanceSubs(m, moved.now);
  count('moves past a period end');
});

type Target = Product | 'entry' | 'annualEntry';
const ENTRY_OF: Record<'entry' | 'annualEntry', string> = {
  entry: CONTENT.entries.find((e) => e.plans.length === 0)?.id ?? '',
  annualEntry: CONTENT.entries.find((e) => e.plans.includes('annual'))?.id ?? '',
};

/** The item and unit key a step acts on, and what the model says of them now. */
async function aimed(m: Model, member: Member, target: Target, index: number) {
  const at = await now(member);
  const item = target === 'challenge' || target === 'course' ? ITEM[target] : ENTRY_OF[target];
  const verdict = access(m, item, at);
  if (target !== 'challenge' && target !== 'course') return { at, item, key: 'main', verdict, unit: null };
  const keys = target === 'challenge' ? CONTENT.days : CONTENT.lessons.map((l) => l.key);
  const key = keys[index % keys.length] ?? '';
  const unit = verdict.open ? (unitStates(m, target, at).find((u) => u.key === key)?.unit ?? null) : null;
  return { at, item, key, verdict, unit };
}

/** The answer the model expects of a unit: 200, or 403 with the item's reason or notYetOpen. */
function expectAnswer(
  answer: { status: number; refusal: { reason: string } | null },
  aim: Awaited<ReturnType<typeof aimed>>,
) {
  if (!aim.verdict.open) {
    expect(answer.refusal?.reason).toBe(aim.verdict.reason);
    return false;
  }
  if (aim.unit?.state === 'opensOn') {
    expect(answer.refusal?.reason).toBe('notYetOpen');
    return false;
  }
  expect(answer.status).toBe(200);
  return true;
}

const open = (target: Target, index: number) =>
  command(`open(${target}, #${index})`, async (m, member) => {
    const aim = await aimed(m, member, target, index);
    if (expectAnswer(await api.unit(member, aim.item, aim.key), aim)) {
      if (target === 'challenge') m.challengeStart ??= aim.at;
      count('units opened');
    } else count('units refused');
  });

const mark = (target: Target, index: number, done: boolean) =>
  command(`mark(${target}, #${index}, ${done})`, async (m, member) => {
    const aim = await aimed(m, member, target, index);
    if (!expectAnswer(await api.mark(member, aim.item, aim.key, done), aim)) return;
    if (target === 'challenge') m.challengeStart ??= aim.at;
    const id = `${aim.item}/${aim.key}`;
    if (!done) m.done.delete(id);
    else if (!m.done.has(id)) m.done.set(id, aim.at);
    count(done ? 'units marked done' : 'units marked not done');
  });

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
