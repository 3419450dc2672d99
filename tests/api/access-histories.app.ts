// The access histories' app on the sandbox gateway with the operator's token and a trainer's pause
// lengths, the drivers and calls a step uses, and the check after every step: what the member can
// open, and where they stand, equals the model.
import { afterAll, beforeAll, expect } from 'vitest';
import { toUserView } from '../../server/accounts/member-view.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PaymentProcessor } from '../../server/payments/processor.ts';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import {
  ALL_ITEMS,
  access,
  type Card,
  ITEM,
  liveSub,
  type Model,
  pausedAt,
  statusOf,
  streakOf,
  unitStates,
} from './access-model.ts';
import { startTestApp, type TestApp } from './app.ts';
import { userRow } from './fixtures.ts';
import { historyCalls, tally } from './history-runs.ts';
import { type Member, TEST_ENV } from './members.ts';

export const RUNS = Number(process.env.ACCESS_HISTORY_RUNS ?? 6);
export const SEED = process.env.ACCESS_HISTORY_SEED ? Number(process.env.ACCESS_HISTORY_SEED) : undefined;
export const MAX_COMMANDS = Number(process.env.ACCESS_HISTORY_STEPS ?? 10);
export const ADMIN = { 'admin-token': 'access-histories-admin-token-0123456789', 'admin-actor': 'Histories' };
export const CARDS: Record<Card, { number: string; expiry: string; cvc: string }> = {
  '4242': { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  '0341': { number: '4000 0000 0000 0341', expiry: '12/40', cvc: '123' },
};

export let t: TestApp;
export let processor: PaymentProcessor;
export const { driver, money, api, admin } = historyCalls(() => t, ADMIN);
export const { seen, count } = tally();

export const now = (member: Member) => clockNow(t.context.db, member.id);
export const view = async (member: Member) =>
  toUserView(t.context.db, await userRow(t.context, member.id), member.token);

/** After every step: what the member can open, and where they stand, equals the model. */
export async function checkAll(m: Model, member: Member) {
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

/** Starts the app before the calling file's tests and closes it after them. */
export function accessHistoriesApp(): void {
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
    const { res } = await admin('adminSetRetention', 'PUT', url, {
      pauseMonths: [1, 2, 3],
      cancelOffer: null,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());
}
