// Lockout without denial (decision 094): a browser that signed in to an account before carries a
// signed device cookie, and strangers' failures do not lock it out; strangers stay locked
// (docs/security.md). Each test below failed before its fix.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_LOGIN_FAILURES } from '../../server/accounts/login-throttle.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { login as logIn, PASSWORD, register, TEST_ENV } from './members.ts';

/** The cookie's name is part of what a browser keeps, so it is pinned here. */
const DEVICE_COOKIE = 'trainer_device';

let t: TestApp;
let app: TestApp['app'];

beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  app = t.app;
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string, cookie?: string, on = app) =>
  logIn(on, email, password, DEMO_TRAINER_ID, { remoteAddress, cookie });

/** The `name=value` a browser would send back, from an answer's Set-Cookie. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(header, 'a device cookie').toBeDefined();
  return String(header).split(';')[0] ?? '';
}

/** A member who has signed in once from their own browser, and that browser's cookie. */
async function memberWithDevice(): Promise<{ email: string; cookie: string }> {
  const { email } = await register(app);
  const first = await login(email, PASSWORD, '192.0.2.10');
  expect(first.statusCode).toBe(200);
  return { email, cookie: deviceCookie(first) };
}

async function strangerLocksOut(email: string): Promise<void> {
  for (let i = 1; i <= FREE_LOGIN_FAILURES + 2; i++) {
    const res = await login(email, 'a wrong password', `203.0.113.${i}`);
    expect([401, 429]).toContain(res.statusCode);
  }
}

describe('device cookies', () => {
  it('are given on a successful sign-in: HttpOnly, SameSite=Strict, sent to the sign-in call only', async () => {
    const { email } = await register(app);
    const res = await login(email, PASSWORD, '192.0.2.10');
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]+\\.[\\w-]+;`));
    expect(header).toContain('; Path=/api/user/login');
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Strict');
    expect(header).not.toContain('Secure');
    expect((await login(email, 'a wrong password', '192.0.2.10')).headers['set-cookie']).toBeUndefined();

    const https = await startTestApp({ env: { ...TEST_ENV, PUBLIC_URL: 'https://site.test' } });
    try {
      const member = await register(https.app);
      const secure = await login(member.email, PASSWORD, '192.0.2.10', undefined, https.app);
      expect(String(secure.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await https.close();
    }
  });
});

describe('a lockout by strangers', () => {
  it('does not lock out a browser that signed in before', async () => {
    const { email, cookie } = await memberWithDevice();
    await strangerLocksOut(email);
    const trusted = await login(email, PASSWORD, '192.0.2.10', cookie);
    expect(trusted.statusCode).toBe(200);
    expectContract(trusted, 'login');
    // From another address too: the cookie, not the address, is what is trusted.
    expect((await login(email, PASSWORD, '198.51.100.3', deviceCookie(trusted))).statusCode).toBe(200);
  });

  it('still locks the strangers, even after the member signed in', async () => {
    const { email, cookie } = await memberWithDevice();
    await strangerLocksOut(email);
    expect((await login(email, PASSWORD, '192.0.2.10', cookie)).statusCode).toBe(200);
    const stranger = await login(email, PASSWORD, '203.0.113.50');
    expect(stranger.statusCode).toBe(429);
    expectContract(stranger, 'login');
    expect(stranger.json().message).toMatch(/Too many failed sign-ins/);
  });

  it('trusts no cookie that is altered, or signed for another account', async () => {
    const { email, cookie } = await memberWithDevice();
    const other = await memberWithDevice();
    await strangerLocksOut(email);
    const [name, value = ''] = cookie.split('=');
    const [nonce, mac = ''] = value.split('.');
    const altered = `${name}=${nonce}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect((await login(email, PASSWORD, '192.0.2.10', altered)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '192.0.2.10', other.cookie)).statusCode).toBe(429);
  });
});

describe("a trusted browser's own failures", () => {
  it('lock that browser only, and neither the account nor its other browsers', async () => {
    const { email, cookie } = await memberWithDevice();
    const second = deviceCookie(await login(email, PASSWORD, '192.0.2.11'));
    for (let i = 1; i <= FREE_LOGIN_FAILURES; i++) {
      expect((await login(email, 'a wrong password', '192.0.2.10', cookie)).statusCode).toBe(401);
    }
    expect((await login(email, PASSWORD, '192.0.2.10', cookie)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '192.0.2.11', second)).statusCode).toBe(200);
    expect((await login(email, PASSWORD, '203.0.113.60')).statusCode).toBe(200);
  });
});
