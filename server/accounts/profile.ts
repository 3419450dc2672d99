// Changes to the member's own account: the profile, the email (with the current password, the old
// address told, the new one to verify), and the verification of the address by its emailed link.
import type { operations } from '../../openapi/schema.d.ts';
import type { Auth } from '../auth/authenticate.ts';
import type { ServerContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { type ApiKey, badRequest, conflict, forbidden, unauthorized } from '../errors.ts';
import { checkCurrentPassword, checkOwnAccount } from './account-access.ts';
import { findUserByEmail, isUniqueViolation, markLinkUsed, updateUser } from './accounts.repository.ts';
import { revokeEmailLinks, sendVerification } from './email-links.ts';
import { sessionFromLink } from './sessions.ts';

type Update = operations['updateUser']['requestBody']['content']['application/json'];
type Context = Pick<ServerContext, 'config' | 'db' | 'mail' | 'memberViews'>;

const EMAIL_IN_USE: ApiKey = 'accounts.emailInUse';

/**
 * Applies the caller's changes to their account: the updated user, and the session token their view
 * carries (the one they called with, or the one a verification link opens).
 */
export async function updateProfile(
  context: Context,
  caller: { auth: Auth; sessionToken: string; address: string },
  userId: string,
  { user: changes, currentPassword }: Update,
): Promise<{ user: UserRow; token: string }> {
  const { config, db, mail, memberViews } = context;
  const { auth, address } = caller;
  checkOwnAccount(auth, userId);
  const current = auth.user;
  if (auth.kind === 'emailVerification') {
    // The link proves only that its reader has the mailbox: it verifies the address, nothing else.
    if (!changes.email_verified || Object.keys(changes).length > 1) {
      throw forbidden('accounts.linkOnlyVerifies');
    }
  } else if (changes.email_verified) {
    throw forbidden('accounts.emailOnlyByLink');
  }
  const emailChanged =
    changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanged) {
    // Whoever holds an open session must also know the password to move the account elsewhere.
    if (!currentPassword) throw badRequest('accounts.currentPasswordForEmail');
    await checkCurrentPassword(db, address, current, currentPassword);
    if (changes.email && (await findUserByEmail(db, current.trainerId, changes.email))) {
      throw conflict(EMAIL_IN_USE);
    }
  }

  let updated: UserRow;
  try {
    updated = await db.transaction(async (tx) => {
      const row = await updateUser(tx, current.id, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.phone !== undefined && { phone: changes.phone }),
        ...(changes.image !== undefined && { image: changes.image }),
        ...(changes.email !== undefined && { email: changes.email }),
        ...(emailChanged && { emailVerified: false }),
        ...(changes.email_verified && { emailVerified: true }),
      });
      if (changes.email_verified) {
        // The same link used twice at once: only the first use counts.
        if (!(await markLinkUsed(tx, auth.tokenHash, new Date()))) {
          throw unauthorized('accounts.linkUsed');
        }
        await revokeEmailLinks(tx, row.id, 'verify_email');
      }
      if (emailChanged) {
        // Links sent to the old address no longer act on the account.
        await revokeEmailLinks(tx, row.id);
        await mail.enqueue(tx, {
          trainerId: current.trainerId,
          userId: current.id,
          to: current.email,
          locale: current.locale,
          template: {
            kind: 'emailChanged',
            name: current.name,
            trainerName: '',
            newEmail: row.email,
            link: `${config.publicUrl}/reset-password`,
          },
        });
        await sendVerification(tx, context, row, '/');
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_IN_USE);
    throw error;
  } finally {
    memberViews.forgetUser(current.id);
  }
  mail.wake();
  if (auth.kind === 'session') return { user: updated, token: caller.sessionToken };
  // The link opens at most one session: here only when the user was not fetched with it first.
  return { user: updated, token: (await sessionFromLink(db, auth.tokenHash, updated)) ?? '' };
}
