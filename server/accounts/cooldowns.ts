// Emails a caller can ask for again and again are sent at most once a minute: a verification email
// per account, and a reset email or a "you already have an account" email per address. Each
// cooldown is claimed in one statement, so two calls at once send one email.
import type { Database } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { claimCooldown } from './accounts.repository.ts';

export const RESEND_COOLDOWN_MS = 60 * 1000;
/** At most one reset email, and one "you already have an account" email, per address per minute. */
export const RECIPIENT_COOLDOWN_MS = 60 * 1000;

/** Claims a per-recipient cooldown atomically: true when this call may send its email. */
export async function claimRecipientCooldown(
  tx: Database,
  userId: string,
  cooldown: 'lastResetSentAt' | 'lastSignupNoticeAt',
): Promise<boolean> {
  const now = new Date();
  const since = new Date(now.getTime() - RECIPIENT_COOLDOWN_MS);
  return (await claimCooldown(tx, userId, cooldown, now, since)) !== undefined;
}

/** Claims the cooldown of the verification email at `now` (epoch ms): the user, when this call may send. */
export function claimResendCooldown(tx: Database, userId: string, now: number): Promise<UserRow | undefined> {
  return claimCooldown(
    tx,
    userId,
    'lastVerificationSentAt',
    new Date(now),
    new Date(now - RESEND_COOLDOWN_MS),
  );
}

/** Seconds until the verification email may be sent again, at least 1. */
export function resendRetryAfterSeconds(lastSentAt: Date | null, now: number): number {
  const last = lastSentAt?.getTime() ?? now;
  return Math.max(1, Math.ceil((last + RESEND_COOLDOWN_MS - now) / 1000));
}
