// A member's profile: changing name, phone, image and email, the email's verification link and
// its resending.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { emailTokens, sessions, users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { accountsApp, app, messageOf, t } from './accounts.fixtures.ts';
import { expectContract } from './contract.ts';
import { getUser, lastMailTo, mailbox, PASSWORD, register, uniqueEmail, updateUser } from './members.ts';

accountsApp();

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
