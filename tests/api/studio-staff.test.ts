// Staff accounts through the real server (decision 142): the operator's invitation, a passkey made
// by a software authenticator at acceptance, sign-out and passkey sign-in, a second device, a
// session ended from the list and refused after, the emailed one-time link, an invitation's expiry
// and single use, the origin check and the sign-in rate limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { staffInvites } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { lastMailTo, mailbox, TEST_ENV } from './members.ts';
import { SoftwareAuthenticator } from './studio-authenticator.ts';
import {
  ADMIN_TOKEN,
  accept,
  invite,
  ORIGIN,
  passkeySignIn,
  sessionCookie,
  staffMember,
  studioCalls,
} from './studio-calls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN } });
});
afterAll(() => t.close());
const call = studioCalls(() => t);
const me = (cookie: string | undefined) =>
  call({ op: 'studioMe', method: 'GET', url: '/api/studio/me', cookie });

describe('invitation, passkey, sessions', () => {
  it('accepts an invitation with a passkey, signs out, and signs in again with the passkey', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner', 'Olivia Owner');
    const signedIn = await me(owner.cookie);
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.body.staff).toMatchObject({
      name: 'Olivia Owner',
      role: 'owner',
      trainerID: DEMO_TRAINER_ID,
    });
    const cookie = signedIn.res.headers['set-cookie'];
    expect(cookie).toBeUndefined();

    const out = await call({
      op: 'studioSignOut',
      method: 'POST',
      url: '/api/studio/sign-out',
      cookie: owner.cookie,
    });
    expect(out.res.statusCode).toBe(200);
    expect(String(out.res.headers['set-cookie'])).toMatch(/studio_session=;/);
    expect((await me(owner.cookie)).res.statusCode).toBe(401);

    const again = await passkeySignIn(t, owner.authenticator);
    expect(again.res.statusCode, again.res.body).toBe(200);
    const set = String(again.res.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    expect(set).toMatch(/Path=\/api\/studio/);
    expect((await me(sessionCookie(again.res))).body.staff).toMatchObject({ id: owner.id });
  });

  it('refuses a passkey answer given twice (its challenge is spent) and an unknown passkey', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    const options = await call({
      op: 'studioPasskeySignInOptions',
      method: 'POST',
      url: '/api/studio/sign-in/passkey/options',
    });
    const response = owner.authenticator.authenticate(options.body.options as { challenge: string });
    const first = await call({
      op: 'studioPasskeySignIn',
      method: 'POST',
      url: '/api/studio/sign-in/passkey',
      payload: { response },
    });
    expect(first.res.statusCode).toBe(200);
    const replay = await call({
      op: 'studioPasskeySignIn',
      method: 'POST',
      url: '/api/studio/sign-in/passkey',
      payload: { response },
    });
    expect(replay.res.statusCode).toBe(401);

    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.register({ challenge: 'unused', user: { id: 'nobody' } });
    const unknown = await passkeySignIn(t, stranger);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.body.message).toMatch(/does not belong/);
  });

  it('adds a second device, signs in with either, and refuses removing the last passkey', async () => {
    const coach = await staffMember(t, DEMO_TRAINER_ID, 'coach');
    const options = await call({
      op: 'studioAddPasskeyOptions',
      method: 'POST',
      url: '/api/studio/passkeys/options',
      cookie: coach.cookie,
    });
    expect(options.res.statusCode).toBe(200);
    const excluded = (options.body.options as { excludeCredentials: { id: string }[] }).excludeCredentials;
    expect(excluded.map((c) => c.id)).toEqual([coach.authenticator.credentials[0]?.id]);
    const phone = new SoftwareAuthenticator(ORIGIN);
    const added = await call({
      op: 'studioAddPasskey',
      method: 'POST',
      url: '/api/studio/passkeys',
      cookie: coach.cookie,
      payload: {
        response: phone.register(options.body.options as { challenge: string }),
        deviceName: 'Phone',
      },
    });
    expect(added.res.statusCode, added.res.body).toBe(201);
    expect((await passkeySignIn(t, phone)).res.statusCode).toBe(200);
    expect((await passkeySignIn(t, coach.authenticator)).res.statusCode).toBe(200);

    const list = await call({
      op: 'studioListPasskeys',
      method: 'GET',
      url: '/api/studio/passkeys',
      cookie: coach.cookie,
    });
    const passkeys = list.body.passkeys as { id: string; deviceName: string }[];
    expect(passkeys.map((p) => p.deviceName)).toEqual(['Laptop', 'Phone']);
    const remove = (id: string) =>
      call({
        op: 'studioRemovePasskey',
        method: 'DELETE',
        url: `/api/studio/passkeys/${id}`,
        cookie: coach.cookie,
      });
    expect((await remove(passkeys[0]?.id ?? '')).res.statusCode).toBe(200);
    const last = await remove(passkeys[1]?.id ?? '');
    expect(last.res.statusCode).toBe(409);
    expect((await passkeySignIn(t, phone)).res.statusCode).toBe(200);
  });

  it('lists sessions, and a session ended from another device is refused at once', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    const laptop = owner.cookie;
    const phone = sessionCookie((await passkeySignIn(t, owner.authenticator)).res);
    const listed = await call({
      op: 'studioListSessions',
      method: 'GET',
      url: '/api/studio/sessions',
      cookie: phone,
    });
    const sessions = listed.body.sessions as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const laptopSession = sessions.find((s) => !s.current);
    const ended = await call({
      op: 'studioRevokeSession',
      method: 'DELETE',
      url: `/api/studio/sessions/${laptopSession?.id}`,
      cookie: phone,
    });
    expect(ended.res.statusCode).toBe(200);
    expect((await me(laptop)).res.statusCode).toBe(401);
    expect((await me(phone)).res.statusCode).toBe(200);
  });
});

describe('the emailed link', () => {
  it('signs in once with the link from the email, and answers the same for an unknown address', async () => {
    const coach = await staffMember(t, DEMO_TRAINER_ID, 'coach');
    const before = (await mailbox(t.app)).length;
    const unknown = await call({
      op: 'studioRequestSignInLink',
      method: 'POST',
      url: '/api/studio/sign-in/link',
      payload: { email: 'nobody@studio.test' },
    });
    expect(unknown.res.statusCode).toBe(202);
    expect((await mailbox(t.app)).length).toBe(before);
    const asked = await call({
      op: 'studioRequestSignInLink',
      method: 'POST',
      url: '/api/studio/sign-in/link',
      payload: { email: coach.email.toUpperCase() },
    });
    expect(asked.res.statusCode).toBe(202);
    expect(asked.body.message).toBe(unknown.body.message);
    const { token, url, message } = await lastMailTo(t.app, coach.email);
    expect(url.pathname).toBe('/studio/sign-in');
    expect(message.subject).toMatch(/studio sign-in link/);
    const verify = () =>
      call({
        op: 'studioVerifySignInLink',
        method: 'POST',
        url: '/api/studio/sign-in/link/verify',
        payload: { token },
      });
    const first = await verify();
    expect(first.res.statusCode).toBe(200);
    expect((await me(sessionCookie(first.res))).body.staff).toMatchObject({ id: coach.id });
    const second = await verify();
    expect(second.res.statusCode).toBe(409);
    expect(sessionCookie(second.res)).toBeUndefined();
  });
});

describe('invitations', () => {
  it('works once, and not after its seven days', async () => {
    const email = `twice-${Date.now()}@studio.test`;
    const token = await invite(t, DEMO_TRAINER_ID, email, 'coach');
    const shown = await call({ op: 'studioGetInvite', method: 'GET', url: `/api/studio/invites/${token}` });
    expect(shown.body.invite).toMatchObject({ email, role: 'coach' });
    await accept(t, token, 'Once');
    const reused = await call({ op: 'studioGetInvite', method: 'GET', url: `/api/studio/invites/${token}` });
    expect(reused.res.statusCode).toBe(409);
    expect(reused.body.message).toMatch(/already been accepted/);

    const late = await invite(t, DEMO_TRAINER_ID, `late-${Date.now()}@studio.test`, 'coach');
    await t.context.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.tokenHash, hashToken(late)));
    const expired = await call({
      op: 'studioInvitePasskeyOptions',
      method: 'POST',
      url: `/api/studio/invites/${late}/passkey/options`,
      payload: { name: 'Late' },
      headers: { 'accept-language': 'es' },
    });
    expect(expired.res.statusCode).toBe(409);
    expect(expired.body.message).toMatch(/caducó/);
    const unknown = await call({ op: 'studioGetInvite', method: 'GET', url: '/api/studio/invites/nope' });
    expect(unknown.res.statusCode).toBe(404);
  });
});

describe('refusals before anything is read', () => {
  it('refuses a change whose Origin is not the site, with the session cookie or without', async () => {
    const owner = await staffMember(t, DEMO_TRAINER_ID, 'owner');
    for (const origin of ['https://evil.test', undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/studio/sign-out',
        headers: { cookie: `studio_session=${owner.cookie}`, ...(origin && { origin }) },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await me(owner.cookie)).res.statusCode).toBe(200);
  });

  it('limits link requests per client address like the members login (429 with Retry-After)', async () => {
    const limited = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN, RATE_LIMIT_MAX: '3' } });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof limited.app.inject>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/studio/sign-in/link',
          headers: { origin: ORIGIN },
          payload: { email: 'someone@studio.test' },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
