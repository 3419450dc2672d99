// Passwords: changing one (other sessions revoked), and forgetting and resetting one by email.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { emailTokens } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { accountsApp, app, messageOf, t } from './accounts.fixtures.ts';
import { expectContract } from './contract.ts';
import { getUser, lastMailTo, login, mailbox, PASSWORD, register, uniqueEmail } from './members.ts';

accountsApp();

describe('change password', () => {
  const change = (token: string, id: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/api/user/${id}/password`,
      headers: { token },
      payload: { trainerID: DEMO_TRAINER_ID, ...body },
    });

  it("needs the old password, keeps this session and revokes the member's other sessions", async () => {
    const member = await register(app);
    const other = (await login(app, member.email)).json().userToken as string;

    const wrong = await change(member.token, member.id, {
      oldPassword: 'not it at all',
      newPassword: 'brand new pass',
    });
    expect(wrong.statusCode).toBe(403);
    expect(messageOf(wrong, 'changePassword')).toBe('The current password is incorrect');
    expect((await getUser(app, other)).statusCode).toBe(200);

    const ok = await change(member.token, member.id, {
      oldPassword: PASSWORD,
      newPassword: 'brand new pass',
    });
    expect(ok.statusCode).toBe(200);
    expectContract(ok, 'changePassword');
    expect((await getUser(app, member.token)).statusCode).toBe(200);
    expect((await getUser(app, other)).statusCode).toBe(401);
    expect((await login(app, member.email)).statusCode).toBe(401);
    expect((await login(app, member.email, 'brand new pass')).statusCode).toBe(200);
  });

  it('refuses a new password under 8 characters with 400 and keeps the old one', async () => {
    const member = await register(app);
    const res = await change(member.token, member.id, { oldPassword: PASSWORD, newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expectContract(res, 'changePassword');
    expect((await login(app, member.email)).statusCode).toBe(200);
  });

  it("refuses another user's id with 403", async () => {
    const a = await register(app);
    const b = await register(app);
    const res = await change(a.token, b.id, { oldPassword: PASSWORD, newPassword: 'brand new pass' });
    expect(res.statusCode).toBe(403);
    expectContract(res, 'changePassword');
    expect((await login(app, b.email)).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  /** Answers at once; the email is written after the answer, so the test waits for that work. */
  const forgot = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email, trainerID: DEMO_TRAINER_ID },
    });
    await t.context.background.settled();
    return res;
  };
  const reset = (token: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { token, password } });

  it('answers an unknown email exactly as a known one, and emails only the known one', async () => {
    const member = await register(app);
    const nobody = uniqueEmail('nobody');
    const known = await forgot(member.email);
    const unknown = await forgot(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expectContract(known, 'forgotPassword');
    const messages = await mailbox(app);
    expect(messages.some((m) => m.to === nobody)).toBe(false);
    const { message, url } = await lastMailTo(app, member.email);
    expect(message.subject).toBe('Coach Rivera Fitness: reset your password');
    expect(url.origin + url.pathname).toBe('http://site.test/reset-password');
  });

  it('resets the password once with the emailed token and signs every session out', async () => {
    const member = await register(app, { locale: 'es' });
    await forgot(member.email);
    const { token, message } = await lastMailTo(app, member.email);
    expect(message.subject).toMatch(/restablece tu contraseña/);

    const res = await reset(token, 'a fresh password');
    expect(res.statusCode).toBe(200);
    expectContract(res, 'resetPassword');
    expect((await getUser(app, member.token)).statusCode).toBe(401);
    expect((await login(app, member.email, 'a fresh password')).statusCode).toBe(200);

    const again = await reset(token, 'another password');
    expect(again.statusCode).toBe(400);
    expectContract(again, 'resetPassword');
    expect((await login(app, member.email, 'another password')).statusCode).toBe(401);
  });

  it('refuses an expired or unknown token, and a short password, with 400', async () => {
    const member = await register(app);
    await forgot(member.email);
    const { token } = await lastMailTo(app, member.email);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expectContract(short, 'resetPassword');
    await t.context.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    for (const res of [await reset(token, 'a fresh password'), await reset('made-up', 'a fresh password')]) {
      expect(res.statusCode).toBe(400);
      expect(messageOf(res, 'resetPassword')).toMatch(/invalid or has expired/);
    }
    expect((await login(app, member.email)).statusCode).toBe(200);
  });

  it('does not accept a verification token as a reset token', async () => {
    const member = await register(app, { enableEmailVerification: true });
    const { token } = await lastMailTo(app, member.email);
    const res = await reset(token, 'a fresh password');
    expect(res.statusCode).toBe(400);
  });
});
