// Device cookies (decision 094): a browser that has signed in to an account carries a cookie
// signed for that account, and its failed sign-ins are counted for it alone. A stranger, who has
// none, cannot lock the member out of that browser however often they guess.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export const DEVICE_COOKIE = 'trainer_device';
/** Sent with sign-in calls only: no other route has any use for it. */
const COOKIE_PATH = '/api/user/login';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceCookies {
  /** The cookie's nonce when the request carries one signed for this user, or null. */
  trusted(request: FastifyRequest, userId: string): string | null;
  /** Gives the browser a fresh cookie for this user, replacing any it had. */
  issue(reply: FastifyReply, userId: string): void;
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
    trusted(request, userId) {
      const value = cookieValue(request.headers.cookie, DEVICE_COOKIE);
      const [nonce, mac, ...rest] = (value ?? '').split('.');
      if (!nonce || !mac || rest.length > 0 || !/^[\w-]{22}$/.test(nonce)) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(userId, nonce);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
    issue(reply, userId) {
      const nonce = randomBytes(16).toString('base64url');
      const value = `${nonce}.${sign(userId, nonce).toString('base64url')}`;
      reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      );
    },
  };
}
