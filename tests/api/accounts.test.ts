import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { emailTokens, sessions, users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import {
  getUser,
  lastMailTo,
  login,
  mailbox,
  PASSWORD,
  register,
  TEST_ENV,
  uniqueEmail,
  updateUser,
} from './members.ts';

let t: TestApp;
let app: TestApp['app'];
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  app = t.app;
});
afterAll(async () => {
  await t.close();
});

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;
const errorBody = (res: Response) => res.json() as { success: false; message: string };
/** Checks an error response against the contract and returns its message. */
const messageOf = (res: Response, operationId: Parameters<typeof expectContract>[1]) =>
  (expectContract(res, operationId) as { success: false; message: string }).message;

describe('register', () => {
  it('creates the account, signs it in and answers {success, user, token}', async () => {
    const email = uniqueEmail();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/register?gateway=true',
      payload: {
        name: 'Ana',
        email,
        password: PASSWORD,
        trainerID: DEMO_TRAINER_ID,
        os_type: 'Unknown',
        currentRoute: '/',
        enableEmailVerification: false,
        locale: 'es',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = expectContract(res, 'register') as { user: Record<string, unknown>; token: string };
    expect(body.user).toMatchObject({ email, email_verified: false, profile: { name: 'Ana', locale: 'es' } });
    expect(body.user.token).toBe(body.token);
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const me = await getUser(app, body.token);
    expect(me.statusCode).toBe(200);
    expect(expectContract(me, 'getUser')).toMatchObject({ user: { email } });
  });

  it('stores only the SHA-256 of the session token and a self-describing scrypt hash', async () => {
    const member = await register(app);
    const [session] = await t.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(member.token)));
    expect(session?.userId).toBe(member.id);
    const [user] = await t.context.db.select().from(users).where(eq(users.id, member.id));
    expect(user?.passwordHash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(user?.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses an email already registered with this trainer, whatever its case, with 409', async () => {
    const member = await register(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        name: 'B',
        email: member.email.toUpperCase(),
        password: PASSWORD,
        trainerID: DEMO_TRAINER_ID,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(expectContract(res, 'register')).toEqual({
      success: false,
      message:
        'We could not create an account with this email. If it is yours, sign in or reset your password.',
    });
    // The owner learns someone tried, once a minute at most.
    const { message } = await lastMailTo(app, member.email);
    expect(message.subject).toBe('Coach Rivera Fitness: you already have an account');
    await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'C', email: member.email, password: PASSWORD, trainerID: DEMO_TRAINER_ID },
    });
    expect((await mailbox(app)).filter((m) => m.to === member.email)).toHaveLength(1);
  });

  it('answers two registrations of one email at once with one account and one 409', async () => {
    const email = uniqueEmail();
    const payload = { name: 'Twin', email, password: PASSWORD, trainerID: DEMO_TRAINER_ID };
    const results = await Promise.all(
      [0, 1].map(() => app.inject({ method: 'POST', url: '/api/user/register', payload })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses an unknown trainer with 404', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'A', email: uniqueEmail(), password: PASSWORD, trainerID: 'no-such-trainer' },
    });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res, 'register')).toBe('Unknown trainer');
  });

  it.each([
    ['shorter than 8 characters', 'short', /at least 8/],
    ['longer than 256 characters', 'x'.repeat(257), /at most 256/],
  ])('refuses a password %s with 400 and creates nothing', async (_name, password, message) => {
    const email = uniqueEmail();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'A', email, password, trainerID: DEMO_TRAINER_ID },
    });
    expect(res.statusCode).toBe(400);
    expectContract(res, 'register');
    expect(errorBody(res).message).toMatch(message);
    const rows = await t.context.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });

  it('refuses an invalid email with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { name: 'A', email: 'not-an-email', password: PASSWORD, trainerID: DEMO_TRAINER_ID },
    });
    expect(res.statusCode).toBe(400);
    expectContract(res, 'register');
  });
});

describe('login', () => {
  it('answers {success, userToken} with a new session', async () => {
    const member = await register(app);
    const res = await login(app, member.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const { userToken } = expectContract(res, 'login') as { userToken: string };
    expect(userToken).not.toBe(member.token);
    expect((await getUser(app, userToken)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const member = await register(app);
    const wrong = await login(app, member.email, 'wrong password');
    const unknown = await login(app, uniqueEmail('nobody'));
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expectContract(wrong, 'login');
    expectContract(unknown, 'login');
    expect(unknown.body).toBe(wrong.body);
    expect(errorBody(wrong).message).toBe('The email or password is incorrect');
  });

  it('refuses a very long password as a wrong one', async () => {
    const member = await register(app);
    const res = await login(app, member.email, 'x'.repeat(1000));
    expect(res.statusCode).toBe(401);
    expectContract(res, 'login');
  });
});

describe('get user', () => {
  it('refuses a missing or unknown token with 401', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/user' });
    const unknown = await getUser(app, 'not-a-token');
    for (const res of [none, unknown]) {
      expect(res.statusCode).toBe(401);
      expectContract(res, 'getUser');
    }
  });
});

describe('update user', () => {
  it('changes name, phone and image', async () => {
    const member = await register(app);
    const res = await updateUser(app, member.token, member.id, {
      name: 'New Name',
      phone: '+1 555 0100',
      image: 'https://img.test/a.png',
    });
    expect(res.statusCode).toBe(200);
    expect(expectContract(res, 'updateUser')).toMatchObject({
      user: { profile: { name: 'New Name', phone: '+1 555 0100', image: 'https://img.test/a.png' } },
    });
  });

  it.each([
    ['an id', { _id: 'usr_other' }],
    ['a billing field', { customer: { subscriptions: { data: [] }, charges: [] } }],
    ['an unknown field', { role: 'admin' }],
    ['nothing', {}],
    ['email_verified false', { email_verified: false }],
  ])('refuses %s with 400 and changes nothing', async (_name, user) => {
    const member = await register(app);
    const res = await updateUser(app, member.token, member.id, user);
    expect(res.statusCode).toBe(400);
    expectContract(res, 'updateUser');
    const me = (await getUser(app, member.token)).json();
    expect(me.user._id).toBe(member.id);
  });

  it("refuses another user's id with 403, even though it exists", async () => {
    const a = await register(app);
    const b = await register(app);
    const res = await updateUser(app, a.token, b.id, { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expectContract(res, 'updateUser');
    expect(JSON.stringify(res.json())).not.toContain(b.email);
    expect((await getUser(app, b.token)).json().user.profile.name).toBe('Ana Member');
  });

  it('refuses email_verified with a session token with 403', async () => {
    const member = await register(app);
    const res = await updateUser(app, member.token, member.id, { email_verified: true });
    expect(res.statusCode).toBe(403);
    expect(messageOf(res, 'updateUser')).toBe('An email can only be verified with the link sent to it');
    expect((await getUser(app, member.token)).json().user.email_verified).toBe(false);
  });

  it('unverifies a changed email and sends a new verification email to it in the member’s language', async () => {
    const member = await register(app, { locale: 'es' });
    const newEmail = uniqueEmail('moved');
    const res = await updateUser(
      app,
      member.token,
      member.id,
      { email: newEmail },
      { currentPassword: PASSWORD },
    );
    expect(res.statusCode).toBe(200);
    expect(expectContract(res, 'updateUser')).toMatchObject({
      user: { email: newEmail, email_verified: false },
    });
    const { message, url } = await lastMailTo(app, newEmail);
    expect(message.subject).toMatch(/verifica tu correo/);
    expect(url.origin).toBe('http://site.test');
    expect(url.searchParams.get('openModal')).toBe('true');
  });

  it('refuses an email another member of this trainer has with 409', async () => {
    const a = await register(app);
    const b = await register(app);
    const res = await updateUser(
      app,
      a.token,
      a.id,
      { email: b.email.toUpperCase() },
      { currentPassword: PASSWORD },
    );
    expect(res.statusCode).toBe(409);
    expectContract(res, 'updateUser');
    expect((await getUser(app, a.token)).json().user.email).toBe(a.email);
  });
});

describe('email verification', () => {
  it('emails a link back to the signup page in the visitor’s language, built from PUBLIC_URL', async () => {
    const email = uniqueEmail();
    await app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { host: 'evil.test', 'x-forwarded-host': 'evil.test' },
      payload: {
        name: 'Eva',
        email,
        password: PASSWORD,
        trainerID: DEMO_TRAINER_ID,
        currentRoute: '/challenge/30-day-shred',
        enableEmailVerification: true,
        locale: 'es',
      },
    });
    const { message, url, token } = await lastMailTo(app, email);
    expect(message.subject).toBe('Coach Rivera Fitness: verifica tu correo electrónico');
    expect(message.text).toContain('Hola Eva');
    expect(url.origin + url.pathname).toBe('http://site.test/challenge/30-day-shred');
    expect(url.searchParams.get('openModal')).toBe('true');
    expect(token).toMatch(/^[\w-]{43}$/);
  });

  it('sends no email when verification is off', async () => {
    const member = await register(app, { enableEmailVerification: false });
    expect((await mailbox(app)).some((m) => m.to === member.email)).toBe(false);
  });

  it.each(['//evil.test/x', 'https://evil.test/', '/\\evil.test'])(
    'keeps the link on the site when currentRoute is %s',
    async (currentRoute) => {
      const member = await register(app, { enableEmailVerification: true, currentRoute });
      const { url } = await lastMailTo(app, member.email);
      expect(url.origin).toBe('http://site.test');
      expect(url.pathname).toBe('/');
    },
  );

  it('lets the link token fetch the user with a fresh session, then set email_verified once', async () => {
    const member = await register(app, { enableEmailVerification: true, currentRoute: '/' });
    const { token } = await lastMailTo(app, member.email);

    const fetched = await getUser(app, token);
    expect(fetched.statusCode).toBe(200);
    const { user } = expectContract(fetched, 'getUser') as { user: { _id: string; token: string } };
    expect(user._id).toBe(member.id);
    expect(user.token).not.toBe(token);
    expect((await getUser(app, user.token)).statusCode).toBe(200);
    // The link signs in once: a second fetch with it gets no second session.
    const refetched = await getUser(app, token);
    expect(refetched.statusCode).toBe(401);
    expectContract(refetched, 'getUser');

    const verified = await updateUser(app, token, member.id, { email_verified: true });
    expect(verified.statusCode).toBe(200);
    const body = expectContract(verified, 'updateUser') as {
      user: { email_verified: boolean; token: string };
    };
    expect(body.user.email_verified).toBe(true);
    expect(body.user.token).toBe('');
    expect((await getUser(app, user.token)).statusCode).toBe(200);
    const sessionCount = await t.context.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(sessionCount).toHaveLength(2); // the one from sign-up, the one from the link

    // Opened again once it has done its work, the link says the email is verified, not that it failed.
    const again = await updateUser(app, token, member.id, { email_verified: true });
    expect(again.statusCode).toBe(409);
    expect(expectContract(again, 'updateUser')).toMatchObject({ message: 'Your email is already verified' });
    const reopened = await getUser(app, token);
    expect(reopened.statusCode).toBe(409);
    expect(expectContract(reopened, 'getUser')).toMatchObject({ message: 'Your email is already verified' });
  });

  it('refuses an expired link with 401', async () => {
    const member = await register(app, { enableEmailVerification: true });
    const { token } = await lastMailTo(app, member.email);
    await t.context.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    const res = await getUser(app, token);
    expect(res.statusCode).toBe(401);
    expectContract(res, 'getUser');
  });

  it("refuses a link token on another user's id with 403", async () => {
    const a = await register(app, { enableEmailVerification: true });
    const b = await register(app);
    const { token } = await lastMailTo(app, a.email);
    const res = await updateUser(app, token, b.id, { email_verified: true });
    expect(res.statusCode).toBe(403);
    expectContract(res, 'updateUser');
  });

  it('does not accept the link token for calls that need a session', async () => {
    const member = await register(app, { enableEmailVerification: true });
    const { token } = await lastMailTo(app, member.email);
    const res = await app.inject({ method: 'POST', url: '/api/user/logout', headers: { token } });
    expect(res.statusCode).toBe(401);
    expectContract(res, 'logout');
  });

  it('refuses a link sent to an earlier address once the email changed', async () => {
    const member = await register(app, { enableEmailVerification: true });
    const { token } = await lastMailTo(app, member.email);
    const changed = await updateUser(
      app,
      member.token,
      member.id,
      { email: uniqueEmail('changed') },
      { currentPassword: PASSWORD },
    );
    expect(changed.statusCode).toBe(200);
    expect((await getUser(app, token)).statusCode).toBe(401);
  });
});

describe('resend verification', () => {
  const resend = (token: string) =>
    app.inject({ method: 'POST', url: '/api/user/resend-verification', headers: { token } });

  it('refuses a resend within 60 s of the last email with 429 and Retry-After', async () => {
    const member = await register(app, { enableEmailVerification: true });
    const res = await resend(member.token);
    expect(res.statusCode).toBe(429);
    expectContract(res, 'resendVerification');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('sends a new email once the cooldown has passed, and only one for two requests at once', async () => {
    const member = await register(app, { enableEmailVerification: true, locale: 'en' });
    await t.context.db
      .update(users)
      .set({ lastVerificationSentAt: new Date(Date.now() - 61_000) })
      .where(eq(users.id, member.id));
    const before = (await mailbox(app)).filter((m) => m.to === member.email).length;
    const results = await Promise.all([resend(member.token), resend(member.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    for (const r of results) expectContract(r, 'resendVerification');
    const after = (await mailbox(app)).filter((m) => m.to === member.email);
    expect(after).toHaveLength(before + 1);
    expect(after[0]?.subject).toBe('Coach Rivera Fitness: verify your email');
  });

  it('answers 409 when the email is already verified', async () => {
    const member = await register(app, { enableEmailVerification: true });
    const { token } = await lastMailTo(app, member.email);
    await updateUser(app, token, member.id, { email_verified: true });
    const res = await resend(member.token);
    expect(res.statusCode).toBe(409);
    expectContract(res, 'resendVerification');
  });
});

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

describe('logout', () => {
  it('revokes the token', async () => {
    const member = await register(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { token: member.token },
    });
    expect(res.statusCode).toBe(200);
    expectContract(res, 'logout');
    expect((await getUser(app, member.token)).statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { token: member.token },
    });
    expect(again.statusCode).toBe(401);
    expectContract(again, 'logout');
  });
});
