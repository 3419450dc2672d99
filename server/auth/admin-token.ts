// Who may use the admin API (decision 117): the holder of ADMIN_TOKEN, over HTTPS in production, and
// only on a server that has one. The caller names themselves in `admin-actor`; the audit records it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';

/** The caller of an admin operation, set before its handler runs. */
export interface AdminCaller {
  kind: 'admin';
  actor: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Compared as SHA-256 digests, which are always the same length, so neither the comparison's time
 * nor an early return on a length mismatch tells a guesser anything about the token.
 */
export function adminTokenMatches(expected: string, given: string | string[] | undefined): boolean {
  const token = Array.isArray(given) ? given[0] : given;
  if (typeof token !== 'string' || token.length === 0 || token.length > 256) return false;
  return timingSafeEqual(digest(expected), digest(token));
}

/**
 * Refusals that come before anything else, validation included: with no ADMIN_TOKEN the admin paths
 * do not exist (404), and in production a token sent in the clear is refused. `protocol` is what the
 * connection or, with TRUST_PROXY, the proxy's X-Forwarded-Proto says.
 */
export function admitAdminRequest(config: Config, protocol: string): void {
  if (!config.ADMIN_TOKEN) throw notFound('admin.notFound');
  if (config.NODE_ENV === 'production' && protocol !== 'https') throw forbidden('admin.httpsOnly');
}

/** The caller, from the `admin-token` and `admin-actor` headers (the contract checks the actor's shape). */
export function adminCaller(
  config: Config,
  headers: Record<string, string | string[] | undefined>,
): AdminCaller {
  if (!config.ADMIN_TOKEN || !adminTokenMatches(config.ADMIN_TOKEN, headers['admin-token'])) {
    throw unauthorized('admin.wrongToken');
  }
  const actor = headers['admin-actor'];
  return { kind: 'admin', actor: (Array.isArray(actor) ? actor[0] : actor) ?? '' };
}
