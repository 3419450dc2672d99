// The verification email sent again on the member's request, at most once a minute (cooldowns.ts).
import type { Auth } from '../auth/authenticate.ts';
import type { ServerContext } from '../context.ts';
import { conflict } from '../errors.ts';
import { claimResendCooldown, resendRetryAfterSeconds } from './cooldowns.ts';
import { sendVerification } from './email-links.ts';

/** Sends the caller a new verification email: `sent`, or the seconds to wait before asking again. */
export async function resendVerification(
  context: Pick<ServerContext, 'config' | 'db' | 'mail'>,
  auth: Auth,
): Promise<{ sent: true } | { sent: false; retryAfterSeconds: number }> {
  const { db, mail } = context;
  if (auth.user.emailVerified) throw conflict('auth.emailAlreadyVerified');
  const now = Date.now();
  const sent = await db.transaction(async (tx) => {
    // Claims the cooldown atomically, so two resends at once send one email.
    const claimed = await claimResendCooldown(tx, auth.user.id, now);
    if (!claimed) return false;
    await sendVerification(tx, context, claimed, '/');
    return true;
  });
  if (!sent) {
    return { sent: false, retryAfterSeconds: resendRetryAfterSeconds(auth.user.lastVerificationSentAt, now) };
  }
  mail.wake();
  return { sent: true };
}
