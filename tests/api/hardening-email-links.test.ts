import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountHandlers } from '../../server/accounts/accounts.routes.ts';
import { emailTokens, resetRequests } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { expectContract } from './contract.ts';
import { app, forgot, hardeningApp, post, reset, skipCooldowns, t } from './hardening.fixtures.ts';
import {
  getUser,
  lastMailTo,
  login,
  mailbox,
  PASSWORD,
  register,
  uniqueEmail,
  updateUser,
} from './members.ts';

hardeningApp();

describe('verification links', () => {
  async function memberWithLink() {
    const member = await register(app, { enableEmailVerification: true });
    const { token } = await lastMailTo(app, member.email);
    return { member, link: token };
  }

  it('opens one session at most: PUT without a GET first gets it, a GET after gets none', async () => {
    const { member, link } = await memberWithLink();
    const verified = await updateUser(app, link, member.id, { email_verified: true });
    expect(verified.statusCode).toBe(200);
    const session = (expectContract(verified, 'updateUser') as { user: { token: string } }).user.token;
    expect(session).not.toBe('');
    expect((await getUser(app, session)).statusCode).toBe(200);
    // The spent link opens no session; it only says the address is verified.
    const again = await getUser(app, link);
    expect(again.statusCode).toBe(409);
    expect(expectContract(again, 'getUser')).toEqual({
      success: false,
      message: 'Your email is already verified',
    });
  });

  it('verifies the address and nothing else: no email, no name', async () => {
    const { member, link } = await memberWithLink();
    for (const changes of [
      { email: uniqueEmail('hijack'), email_verified: true },
      { name: 'Someone else', email_verified: true },
      { email: uniqueEmail('hijack') },
    ]) {
      const res = await updateUser(app, link, member.id, changes);
      expect(res.statusCode).toBe(403);
      expectContract(res, 'updateUser');
    }
    const user = (await getUser(app, member.token)).json().user;
    expect(user.email).toBe(member.email);
    expect(user.email_verified).toBe(false);
    // Refused attempts did not use the link up.
    expect((await updateUser(app, link, member.id, { email_verified: true })).statusCode).toBe(200);
  });

  it('stops working after a password reset', async () => {
    const { member, link } = await memberWithLink();
    await forgot(member.email);
    const { token } = await lastMailTo(app, member.email);
    expect((await reset(token, 'a brand new password')).statusCode).toBe(200);
    expect((await getUser(app, link)).statusCode).toBe(401);
    expect((await updateUser(app, link, member.id, { email_verified: true })).statusCode).toBe(401);
  });

  it('stops working after a password change', async () => {
    const { member, link } = await memberWithLink();
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/user/${member.id}/password`,
      headers: { token: member.token },
      payload: { oldPassword: PASSWORD, newPassword: 'a brand new password', trainerID: DEMO_TRAINER_ID },
    });
    expect(changed.statusCode).toBe(200);
    expect((await getUser(app, link)).statusCode).toBe(401);
  });

  it('stops working once a newer link verified the address', async () => {
    const { member, link: older } = await memberWithLink();
    await skipCooldowns(member.id);
    expect((await post('/api/user/resend-verification', {}, { token: member.token })).statusCode).toBe(200);
    const { token: newer } = await lastMailTo(app, member.email);
    expect(newer).not.toBe(older);
    expect((await updateUser(app, newer, member.id, { email_verified: true })).statusCode).toBe(200);
    const stale = await getUser(app, older);
    expect(stale.statusCode).toBe(409);
    expect(expectContract(stale, 'getUser')).toEqual({
      success: false,
      message: 'Your email is already verified',
    });
  });
});

describe('reset links', () => {
  it('a reset uses up every other reset link of the account', async () => {
    const member = await register(app);
    await forgot(member.email);
    const first = (await lastMailTo(app, member.email)).token;
    await skipCooldowns(member.id);
    await forgot(member.email);
    const second = (await lastMailTo(app, member.email)).token;
    expect(second).not.toBe(first);
    expect((await reset(second, 'a brand new password')).statusCode).toBe(200);
    const stale = await reset(first, 'yet another password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/invalid or has expired/);
    expect((await login(app, member.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('sends one email a minute per address, with the same answer every time', async () => {
    const member = await register(app);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await forgot(member.email)).body);
    const unknown = (await forgot(uniqueEmail('nobody'))).body;
    expect(new Set([...answers, unknown]).size).toBe(1);
    expect((await mailbox(app)).filter((m) => m.to === member.email)).toHaveLength(1);
  });

  it('sends the email asked for before a restart once the server is back', async () => {
    const member = await register(app);
    // A request acknowledged, then the process stopped before working it: a new server finds it.
    await t.context.db
      .insert(resetRequests)
      .values({ id: 'rst_left_over', trainerId: DEMO_TRAINER_ID, email: member.email });
    // What a server does at start: work through the requests left over.
    accountHandlers(t.context, app.log);
    await t.context.background.settled();
    expect((await lastMailTo(app, member.email)).message.subject).toMatch(/reset your password/);
  });
});

describe('changing the email', () => {
  it('needs the current password, and tells the old address', async () => {
    const member = await register(app, { locale: 'es' });
    const newEmail = uniqueEmail('moved');
    const missing = await updateUser(app, member.token, member.id, { email: newEmail });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/current password/);
    const wrong = await updateUser(
      app,
      member.token,
      member.id,
      { email: newEmail },
      { currentPassword: 'nope' },
    );
    expect(wrong.statusCode).toBe(403);
    expect((await getUser(app, member.token)).json().user.email).toBe(member.email);

    const ok = await updateUser(
      app,
      member.token,
      member.id,
      { email: newEmail },
      { currentPassword: PASSWORD },
    );
    expect(ok.statusCode).toBe(200);
    const { message } = await lastMailTo(app, member.email);
    expect(message.subject).toMatch(/se cambió tu dirección de correo/);
    expect(message.text).toContain(newEmail);
  });

  it('needs no password for a name or phone change', async () => {
    const member = await register(app);
    expect((await updateUser(app, member.token, member.id, { name: 'New Name' })).statusCode).toBe(200);
  });

  it('revokes the reset links sent to the old address', async () => {
    const member = await register(app);
    await forgot(member.email);
    const { token } = await lastMailTo(app, member.email);
    await updateUser(
      app,
      member.token,
      member.id,
      { email: uniqueEmail('moved') },
      { currentPassword: PASSWORD },
    );
    expect((await reset(token, 'a brand new password')).statusCode).toBe(400);
    const [link] = await t.context.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect(link?.usedAt).not.toBeNull();
  });
});
