import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and email-link tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256: a leaked table does not give anyone a session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
