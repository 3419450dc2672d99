// Device cookies (decision 094): a browser that has signed in to an account carries a cookie
// signed for that account, and its failed sign-ins are counted for it alone. A stranger, who has
// none, cannot lock the member out of that browser however often they guess.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Config, servedOverHttps } from '../config.ts';

export const DEVICE_COOKIE = 'trainer_device';
/** Sent with sign-in calls only: no other route has any use for it. */
const COOKIE_PATH = '/api/user/login';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** The cookie's nonce when the request's device cookie (its value) is signed for this user, or null. */
  trusted(cookie: string | undefined, userId: string): string | null;
  /** A fresh cookie's value for this user, to replace any the browser had. */
  issue(userId: string): string;
  /** How the cookie is set: for the sign-in call only, a year, out of scripts' reach, this site's own. */
  options: {
    path: string;
    maxAge: number;
    httpOnly: true;
    sameSite: 'strict';
    secure: boolean;
  };
}

export function deviceCookies(config: Config): DeviceCookies {
  const secret = config.DEVICE_COOKIE_SECRET ?? randomBytes(32).toString('hex');
  const sign = (userId: string, nonce: string) =>
    createHmac('sha256', secret).update(`device\n${userId}\n${nonce}`).digest();

  return {
    trusted(cookie, userId) {
      const [nonce, mac, ...rest] = (cookie ?? '').split('.');
      if (!nonce || !mac || rest.length > 0 || !/^[\w-]{22}$/.test(nonce)) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(userId, nonce);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
    issue(userId) {
      const nonce = randomBytes(16).toString('base64url');
      return `${nonce}.${sign(userId, nonce).toString('base64url')}`;
    },
    options: {
      path: COOKIE_PATH,
      maxAge: MAX_AGE_SECONDS,
      httpOnly: true,
      sameSite: 'strict',
      secure: servedOverHttps(config),
    },
  };
}
