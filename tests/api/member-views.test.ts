// GET /api/user answered from what the instance read a moment before (decision 097): whatever this
// instance writes is shown at once, a revoked session is refused at once, and a change written by
// anyone else shows within the max age.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { sessions, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PaymentProcessor } from '../../server/payments/processor.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { getUser, login, PASSWORD, register, TEST_ENV, updateUser } from './members.ts';

const MAX_AGE_MS = 1000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, MEMBER_VIEW_MAX_AGE_MS: String(MAX_AGE_MS) } });
});
afterAll(() => t.close());

type View = {
  user: {
    profile: { name: string };
    customer: { subscriptions: { data: { id: string; cancel_at_period_end: boolean }[] } };
  };
};

async function view(token: string): Promise<View['user']> {
  const res = await getUser(t.app, token);
  expect(res.statusCode, res.body).toBe(200);
  return (expectContract(res, 'getUser') as View).user;
}

/** A member signed in twice, each session's view read (and kept) once. */
async function memberWithTwoSessions() {
  const member = await register(t.app);
  const other = (await login(t.app, member.email)).json().userToken as string;
  await view(member.token);
  await view(other);
  return { member, other };
}

function subscriptionCreated(userId: string, subscriptionId: string) {
  const created = Math.floor(Date.now() / 1000);
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'customer.subscription.created',
    created,
    data: {
      object: {
        id: subscriptionId,
        object: 'subscription',
        customer: 'cus_test',
        status: 'active',
        cancel_at_period_end: false,
        trial_end: null,
        items: { data: [{ current_period_end: created + 7 * 86400 }] },
        metadata: { trainerId: DEMO_TRAINER_ID, userId, priceIds: 'demo-trainer-price-weekly' },
      },
    },
  };
}

describe('the member view kept for a moment', () => {
  it('refuses a session signed out on this instance at once', async () => {
    const { member, other } = await memberWithTwoSessions();
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: other } });
    expect(out.statusCode).toBe(200);
    expect((await getUser(t.app, other)).statusCode).toBe(401);
    await view(member.token);
  });

  // On PGlite one process holds the database, so every revocation is this instance's own.
  it.runIf(process.env.API_TEST_DATABASE === 'postgres')(
    'refuses at once a session another instance revoked on PostgreSQL',
    async () => {
      const { member, other } = await memberWithTwoSessions();
      await t.context.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(other)));
      expect((await getUser(t.app, other)).statusCode).toBe(401);
      await view(member.token);
    },
  );

  it("refuses the member's other sessions at once after a password change", async () => {
    const { member, other } = await memberWithTwoSessions();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${member.id}/password`,
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID, oldPassword: PASSWORD, newPassword: 'another long password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getUser(t.app, other)).statusCode).toBe(401);
    await view(member.token);
  });

  it('shows a profile change at once, in every session of the member', async () => {
    const { member, other } = await memberWithTwoSessions();
    const res = await updateUser(t.app, member.token, member.id, { name: 'Renamed Member' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(other)).profile.name).toBe('Renamed Member');
  });

  it('shows a payment event at once, and a change written by another process within the max age', async () => {
    const { member, other } = await memberWithTwoSessions();
    const processor = new PaymentProcessor(
      t.context.db,
      'sandbox',
      t.context.mail,
      t.context.config.publicUrl,
      t.context.memberViews,
    );
    const subscriptionId = `sub_${randomBytes(8).toString('hex')}`;
    expect(await processor.process(subscriptionCreated(member.id, subscriptionId))).toBe('processed');
    for (const token of [member.token, other]) {
      expect((await view(token)).customer.subscriptions.data.map((s) => s.id)).toEqual([subscriptionId]);
    }

    // Written past this instance, as another instance on the same PostgreSQL, or the trainer's
    // tooling, would: the kept view may show the old row until its max age has passed.
    const written = Date.now();
    await t.context.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.id, subscriptionId));
    const cancelling = async () =>
      (await view(member.token)).customer.subscriptions.data[0]?.cancel_at_period_end;
    if (!(await cancelling())) expect(Date.now() - written).toBeLessThan(MAX_AGE_MS);
    await new Promise((resolve) => setTimeout(resolve, MAX_AGE_MS + 50));
    expect(await cancelling()).toBe(true);
  });
});
