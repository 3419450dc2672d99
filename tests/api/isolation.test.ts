// Two trainers with two members each: no call reads or changes another member's or another
// trainer's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { getUser, login, type Member, mailbox, PASSWORD, register, TEST_ENV, updateUser } from './members.ts';

const OTHER = 'second-trainer';
let t: TestApp;
let a1: Member;
let a2: Member;
let b1: Member;
let b2: Member;

beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  await seedTrainer(t.context.db, { id: OTHER, name: 'Second Trainer' });
  a1 = await register(t.app, { enableEmailVerification: true });
  a2 = await register(t.app);
  // The same email may sign up with each trainer: they are separate accounts.
  b1 = await register(t.app, { email: a1.email, trainerID: OTHER, enableEmailVerification: true });
  b2 = await register(t.app, { trainerID: OTHER });
});
afterAll(async () => {
  await t.close();
});

describe('isolation between members and trainers', () => {
  it('gives each member of each trainer only their own user', async () => {
    for (const m of [a1, a2, b1, b2]) {
      const res = await getUser(t.app, m.token);
      expect((expectContract(res, 'getUser') as { user: { _id: string } }).user._id).toBe(m.id);
    }
    expect(b1.id).not.toBe(a1.id);
  });

  it("refuses to update any other member's profile, in the same trainer or another", async () => {
    for (const [actor, target] of [
      [a1, a2],
      [a1, b1],
      [b2, a2],
      [b1, b2],
    ] as const) {
      const res = await updateUser(t.app, actor.token, target.id, { name: 'Changed by someone else' });
      expect(res.statusCode).toBe(403);
      expectContract(res, 'updateUser');
      expect(res.body).not.toContain(target.email);
    }
    for (const m of [a1, a2, b1, b2]) {
      expect((await getUser(t.app, m.token)).json().user.profile.name).toBe('Ana Member');
    }
  });

  it("refuses to change another member's password, or one under another trainer's id", async () => {
    const change = (actor: Member, id: string, trainerID: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${id}/password`,
        headers: { token: actor.token },
        payload: { oldPassword: PASSWORD, newPassword: 'taken over!', trainerID },
      });
    for (const res of [
      await change(a1, a2.id, DEMO_TRAINER_ID),
      await change(a1, b1.id, OTHER),
      await change(a1, a1.id, OTHER),
    ]) {
      expect(res.statusCode).toBe(403);
      expectContract(res, 'changePassword');
    }
    for (const m of [a1, a2, b1])
      expect((await login(t.app, m.email, PASSWORD, m.trainerId)).statusCode).toBe(200);
  });

  it("signs a member in only with their own trainer's id and password", async () => {
    expect((await login(t.app, a2.email, PASSWORD, OTHER)).statusCode).toBe(401);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${b1.id}/password`,
      headers: { token: b1.token },
      payload: { oldPassword: PASSWORD, newPassword: 'only for b1', trainerID: OTHER },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(t.app, a1.email, PASSWORD, DEMO_TRAINER_ID)).statusCode).toBe(200);
    expect((await login(t.app, a1.email, 'only for b1', DEMO_TRAINER_ID)).statusCode).toBe(401);
  });

  it('does not let a verification link verify another member, even with the same email elsewhere', async () => {
    const messages = (await mailbox(t.app)).filter((m) => m.to === a1.email);
    expect(messages.map((m) => m.trainerId).sort()).toEqual([DEMO_TRAINER_ID, OTHER].sort());
    // b1's own link was revoked when b1 changed the password above: a1's is the one still valid.
    const link = new URL(messages.find((m) => m.trainerId === DEMO_TRAINER_ID)?.links[0]?.url ?? '');
    const token = link.searchParams.get('token') ?? '';
    const owner = (expectContract(await getUser(t.app, token), 'getUser') as { user: { _id: string } }).user
      ._id;
    expect(owner).toBe(a1.id);
    const target = b1;
    const res = await updateUser(t.app, token, target.id, { email_verified: true });
    expect(res.statusCode).toBe(403);
    expect((await getUser(t.app, target.token)).json().user.email_verified).toBe(false);
  });

  it('sends a reset link only for the trainer it was asked for', async () => {
    const before = (await mailbox(t.app)).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: a2.email, trainerID: OTHER },
    });
    await t.context.background.settled();
    expect(await mailbox(t.app)).toHaveLength(before);
  });

  it("does not let another trainer's member log out someone else", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: b2.token } });
    expect(res.statusCode).toBe(200);
    expect((await getUser(t.app, a2.token)).statusCode).toBe(200);
  });
});
