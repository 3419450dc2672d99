// Single-purpose links sent by email: verify an address, or reset a password. The token travels
// only in the email; the database keeps its hash, the address it was sent to, and when it expires.
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { emailTokens, trainers, type UserRow } from '../db/schema.ts';
import type { Mail } from '../mail/mailer.ts';
import { hashToken, newToken } from './tokens.ts';

export type EmailLinkPurpose = 'verify_email' | 'reset_password';

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
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    trainerId: user.trainerId,
    userId: user.id,
    purpose,
    email: user.email,
    expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS[purpose]),
  });
  const [trainer] = await tx
    .select({ name: trainers.name })
    .from(trainers)
    .where(eq(trainers.id, user.trainerId));
  await mail.enqueue(tx, {
    trainerId: user.trainerId,
    userId: user.id,
    to: user.email,
    locale: user.locale,
    template: {
      kind: TEMPLATE[purpose],
      name: user.name,
      trainerName: trainer?.name ?? '',
      link: link(token),
    },
  });
}

/** The condition for a token row that may still be used for `purpose`. */
export function usableEmailLink(
  tokenHash: string,
  purpose: EmailLinkPurpose,
  now = new Date(),
): SQL | undefined {
  return and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}
