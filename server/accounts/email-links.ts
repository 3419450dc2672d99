// Single-purpose links sent by email: verify an address, or reset a password. The token travels
// only in the email; the database keeps its hash, the address it was sent to, and when it expires.
import type { EmailLinkPurpose } from '../auth/auth.repository.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import type { Mail } from '../mail/mailer.ts';
import { insertEmailLink, markLinksUsed, setVerificationSentAt, trainerName } from './accounts.repository.ts';

export type { EmailLinkPurpose };

const HOUR_MS = 60 * 60 * 1000;
export const EMAIL_LINK_TTL_MS: Record<EmailLinkPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
};

const TEMPLATE: Record<EmailLinkPurpose, 'verifyEmail' | 'resetPassword'> = {
  verify_email: 'verifyEmail',
  reset_password: 'resetPassword',
};

/** Stores a new token for the user's current address and queues the email carrying `link(token)`, in `tx`. */
export async function sendEmailLink(
  tx: Database,
  mail: Mail,
  user: UserRow,
  purpose: EmailLinkPurpose,
  link: (token: string) => string,
): Promise<void> {
  const token = newToken();
  await insertEmailLink(tx, {
    tokenHash: hashToken(token),
    trainerId: user.trainerId,
    userId: user.id,
    purpose,
    email: user.email,
    expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS[purpose]),
  });
  const trainer = await trainerName(tx, user.trainerId);
  await mail.enqueue(tx, {
    trainerId: user.trainerId,
    userId: user.id,
    to: user.email,
    locale: user.locale,
    template: {
      kind: TEMPLATE[purpose],
      name: user.name,
      trainerName: trainer ?? '',
      link: link(token),
    },
  });
}

/**
 * The emailed link returns to the page the member signed up from. Only a same-site path is kept:
 * anything else (another origin, `//host`, a backslash) falls back to the home page.
 */
export function verificationLink(config: Config, route: string | undefined, token: string): string {
  const path = route && /^\/(?![/\\])[^\\\s]*$/.test(route) ? route : '/';
  const url = new URL(`${config.publicUrl}${path}`);
  if (!url.href.startsWith(config.publicUrl)) return verificationLink(config, '/', token);
  url.searchParams.set('token', token);
  url.searchParams.set('openModal', 'true');
  return url.toString();
}

export function resetPasswordLink(config: Config, token: string): string {
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Writes a verify token and its email through `tx`, and records when it was sent. */
export async function sendVerification(
  tx: Database,
  { config, mail }: { config: Config; mail: Mail },
  user: UserRow,
  route: string | undefined,
): Promise<void> {
  await sendEmailLink(tx, mail, user, 'verify_email', (token) => verificationLink(config, route, token));
  await setVerificationSentAt(tx, user.id, new Date());
}

/**
 * Marks every unused email link of the user as used: after a password reset or change, or once the
 * address is verified, no older link signs anyone in or resets anything.
 */
export async function revokeEmailLinks(
  tx: Database,
  userId: string,
  purpose?: EmailLinkPurpose,
): Promise<void> {
  await markLinksUsed(tx, userId, new Date(), purpose);
}
