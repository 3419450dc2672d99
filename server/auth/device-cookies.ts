// Device cookies (decision 094): a browser that has signed in to an account carries a cookie
// signed for that account, and its failed sign-ins are counted for it alone. A stranger, who has
// none, cannot lock the member out of that browser however often they guess.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

export const DEVICE_COOKIE = 'trainer_device';
/** Sent with sign-in calls only: no other route has any use for it. */
const COOKIE_PATH = '/api/user/login';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** The cookie's nonce when the request's Cookie header carries one signed for this user, or null. */
  trusted(cookieHeader: string | undefined, userId: string): string | null;
  /** The Set-Cookie header that gives the browser a fresh cookie for this user, replacing any it had. */
  issue(userId: string): string;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function deviceCookies(config: Config): DeviceCookies {
  const secret = config.DEVICE_COOKIE_SECRET ?? randomBytes(32).toString('hex');
  // Over HTTPS only, as a site with a public https address is always reached.
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const sign = (userId: string, nonce: string) =>
    createHmac('sha256', secret).update(`device\n${userId}\n${nonce}`).digest();

  return {
    trusted(cookieHeader, userId) {
      const value = cookieValue(cookieHeader, DEVICE_COOKIE);
      const [nonce, mac, ...rest] = (value ?? '').split('.');
      if (!nonce || !mac || rest.length > 0 || !/^[\w-]{22}$/.test(nonce)) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(userId, nonce);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
    issue(userId) {
      const nonce = randomBytes(16).toString('base64url');
      const value = `${nonce}.${sign(userId, nonce).toString('base64url')}`;
      return `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
    },
  };
}
