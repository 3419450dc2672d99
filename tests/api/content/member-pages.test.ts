// The session cookie and the pages rendered for a signed-in member (decision 127), through the real
// app with the stand-in build: every answer that hands over a session token sets the cookie, the
// sign-out clears it, no API call is signed in by it, and a page opened with it is the member's alone
// while a visitor's page stays kept, validated and answered 304 as before (decision 124).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../../server/accounts/sessions.ts';
import { startTestApp, type TestApp } from '../app.ts';
import { getUser, lastMailTo, login, register, TEST_ENV, updateUser } from '../members.ts';
import { writeBuild } from './stand-in-build.ts';

/** The cookie's name is part of what a browser keeps, so it is pinned here. */
const SESSION_COOKIE = 'trainer_session';
const BROWSER = 'gzip, deflate, br, zstd';

/** The Set-Cookie line of the session cookie an answer sends, if any. */
function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

/** What the cookie holds, and when it expires (ms), from its Set-Cookie line. */
function parse(line: string | undefined) {
  const value = /^[^=]+=([^;]*)/.exec(line ?? '')?.[1];
  const expires = /; Expires=([^;]+)/.exec(line ?? '')?.[1];
  return { value, expires: expires ? Date.parse(expires) : Number.NaN };
}

const withCookie = (token: string, headers: Record<string, string> = {}) => ({
  ...headers,
  cookie: `other=1; ${SESSION_COOKIE}=${token}`,
});

describe('the session cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: TEST_ENV });
  });
  afterAll(() => t.close());

  it('is set by register and login for their session: HttpOnly, SameSite=Lax, every path, until the session ends', async () => {
    const before = Date.now();
    const member = await register(t.app);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register?gateway=true',
      payload: {
        name: 'Bo Member',
        email: `bo-${before}@example.com`,
        password: 'correct horse battery',
        trainerID: 'demo-trainer',
        os_type: 'Unknown',
      },
    });
    const line = sessionCookieOf(registered);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).toContain('; HttpOnly');
    expect(line).toContain('; SameSite=Lax');
    expect(line).not.toContain('Secure');
    expect(parse(line).value).toBe(registered.json().token);
    // Its lifetime is the session's: 30 days from now, to the second the header can say.
    const { expires } = parse(line);
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + SESSION_TTL_MS) / 1000) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS);

    const signedIn = await login(t.app, member.email);
    expect(parse(sessionCookieOf(signedIn)).value).toBe(signedIn.json().userToken);
    // A wrong password opens no session and sets nothing.
    expect(sessionCookieOf(await login(t.app, member.email, 'a wrong password'))).toBeUndefined();
  });

  it("is set by the member's own view for the session it was asked with, and by an emailed link's sign-in", async () => {
    const member = await register(t.app, { enableEmailVerification: true, currentRoute: '/' });
    const view = await getUser(t.app, member.token);
    expect(parse(sessionCookieOf(view)).value).toBe(member.token);

    const { token: linkToken } = await lastMailTo(t.app, member.email);
    const linked = await getUser(t.app, linkToken);
    expect(linked.statusCode).toBe(200);
    const opened = linked.json().user.token as string;
    expect(opened).not.toBe(member.token);
    expect(parse(sessionCookieOf(linked)).value).toBe(opened);
    // A profile change made with the caller's own session keeps it.
    const changed = await updateUser(t.app, member.token, member.id, { name: 'Ana Changed' });
    expect(parse(sessionCookieOf(changed)).value).toBe(member.token);
  });

  it('is cleared by the sign-out, and a refused call sets none', async () => {
    const member = await register(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { token: member.token },
    });
    expect(out.statusCode).toBe(200);
    const line = sessionCookieOf(out);
    expect(parse(line).value).toBe('');
    expect(parse(line).expires).toBeLessThanOrEqual(Date.now());
    expect(sessionCookieOf(await getUser(t.app, member.token))).toBeUndefined();
  });

  it('signs no call in: the API reads the token header alone, so another site cannot act with it', async () => {
    const member = await register(t.app);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/user?gateway=true',
      headers: withCookie(member.token),
    });
    expect(read.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${member.id}`,
      headers: withCookie(member.token),
      payload: { user: { name: 'Forged' } },
    });
    expect(write.statusCode).toBe(401);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: withCookie(member.token),
    });
    expect(out.statusCode).toBe(401);
    expect((await getUser(t.app, member.token)).json().user.profile.name).toBe('Ana Member');
  });

  it('is Secure on a site with an https address', async () => {
    const https = await startTestApp({ env: { ...TEST_ENV, PUBLIC_URL: 'https://site.test' } });
    try {
      const member = await register(https.app);
      expect(sessionCookieOf(await login(https.app, member.email))).toContain('; Secure');
    } finally {
      await https.close();
    }
  });
});

describe("a public page opened with the session's cookie", () => {
  let t: TestApp;
  let dist: string;
  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeBuild(dist);
    t = await startTestApp({ env: { ...TEST_ENV, DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("is rendered for its member, theirs alone: no token in it, kept by no browser or cache, never a 304 of the visitor's page", async () => {
    const ana = await register(t.app, { name: 'Ana Member' });
    const visitor = await page('/privacy');
    const visitorTag = visitor.headers.etag as string;
    const res = await page('/privacy', withCookie(ana.token, { 'if-none-match': visitorTag }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<nav>Ana Member</nav>');
    expect(res.body).not.toContain('<button>Login</button>');
    expect(res.body).toMatch(/"member":\{"_id":"[^"]+"/);
    expect(res.body).not.toContain(ana.token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    // Under this response's nonce, as any page.
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(res.body).toContain(`<style nonce="${nonce}">.x{color:red}</style>`);
    expect(res.body).not.toContain('rendered-page-nonce');
    // Compressed on its way out, as any answer written for one response.
    const compressed = await page('/privacy', withCookie(ana.token, { 'accept-encoding': BROWSER }));
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it("is never another member's, nor the visitor's: each gets their own, and the visitor's page is kept and answered 304 as before", async () => {
    const [ana, bo] = [
      await register(t.app, { name: 'Ana Member' }),
      await register(t.app, { name: 'Bo Member' }),
    ];
    const forAna = await page('/tos', withCookie(ana.token));
    const forBo = await page('/tos', withCookie(bo.token));
    expect(forAna.body).toContain('<nav>Ana Member</nav>');
    expect(forBo.body).toContain('<nav>Bo Member</nav>');
    expect(forBo.body).not.toContain('Ana Member');

    const visitor = await page('/tos');
    expect(visitor.body).toContain('<button>Login</button>');
    expect(visitor.body).not.toMatch(/Ana Member|Bo Member/);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toBe('accept-encoding, accept-language');
    const again = await page('/tos', { 'if-none-match': visitor.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it("of a session that has ended is the visitor's page, private, and drops the cookie", async () => {
    const ana = await register(t.app);
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: ana.token } });
    for (const token of [ana.token, 'a-token-never-issued']) {
      const res = await page('/privacy', withCookie(token, { 'accept-encoding': BROWSER }));
      expect(res.statusCode).toBe(200);
      // The visitor's page kept below its nonce (decision 124).
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      const line = sessionCookieOf(res);
      expect(parse(line).value).toBe('');
      expect(parse(line).expires).toBeLessThanOrEqual(Date.now());
    }
  });

  it("leaves a member's own page to the browser, as for anyone", async () => {
    const ana = await register(t.app);
    const res = await page('/profile', withCookie(ana.token));
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('rendered-page');
  });
});
