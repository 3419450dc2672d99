// An account's life at the door: registering (one account per email and trainer), logging in,
// reading the user with a session token and logging out.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { accountsApp, app, errorBody, messageOf, t } from './accounts.fixtures.ts';
import { expectContract } from './contract.ts';
import { getUser, lastMailTo, login, mailbox, PASSWORD, register, uniqueEmail } from './members.ts';

accountsApp();

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
