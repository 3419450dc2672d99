// The session cookie (decision 127): the member's session token, kept by the browser where no script
// can read it, so that the server knows who opens a page and renders it for them. Only the pages read
// it: every API call names its session in the `token` header, so a request another site makes the
// browser send carries the cookie for nothing. Every answer that hands the browser a session token
// (register, login, the member's own view, a profile change made with an emailed link) sets it; the
// sign-out clears it, and so does a page opened with a session that no longer holds.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, servedOverHttps } from '../config.ts';

export const SESSION_COOKIE = 'trainer_session';

/** No session token is longer (the `token` header's own limit). */
const MAX_TOKEN_LENGTH = 256;

export interface SessionCookies {
  /** The session token the request's cookie names, if any. */
  read(request: FastifyRequest): string | undefined;
  /** Gives the browser the cookie for this session, kept until the session ends. */
  set(reply: FastifyReply, token: string, expiresAt: Date): void;
  /** Tells the browser to drop the cookie. */
  clear(reply: FastifyReply): void;
}

export function sessionCookies(config: Pick<Config, 'publicUrl'>): SessionCookies {
  // Lax: sent when the member follows a link to the site (an emailed link, the payment page's return),
  // so that page is theirs too; never with another site's form posts or its embedded requests.
  const options: CookieSerializeOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(config),
  };
  return {
    read(request) {
      const token = request.cookies[SESSION_COOKIE];
      return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
    },
    set(reply, token, expiresAt) {
      reply.setCookie(SESSION_COOKIE, token, { ...options, expires: expiresAt });
    },
    clear(reply) {
      reply.clearCookie(SESSION_COOKIE, options);
    },
  };
}
