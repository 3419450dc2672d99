// The studio's session cookie (decision 142): HttpOnly, SameSite=Strict, sent only to /api/studio,
// Secure when the site is served over HTTPS. It holds the session's token; the database its hash.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, servedOverHttps } from '../config.ts';

export const STUDIO_COOKIE = 'studio_session';

function options(config: Pick<Config, 'publicUrl'>): CookieSerializeOptions {
  return { path: '/api/studio', httpOnly: true, sameSite: 'strict', secure: servedOverHttps(config) };
}

export function readStudioCookie(request: FastifyRequest): string | undefined {
  return request.cookies[STUDIO_COOKIE];
}

export function setStudioCookie(
  config: Pick<Config, 'publicUrl'>,
  reply: FastifyReply,
  session: { token: string; expiresAt: Date },
): void {
  reply.setCookie(STUDIO_COOKIE, session.token, { ...options(config), expires: session.expiresAt });
}

export function clearStudioCookie(config: Pick<Config, 'publicUrl'>, reply: FastifyReply): void {
  reply.clearCookie(STUDIO_COOKIE, options(config));
}
