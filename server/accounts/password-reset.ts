// Forgot password, then reset it with the emailed link. The request is answered alike whether the
// address has an account or not: it is written down first and the email sent after the answer (at
// most one a minute per address). A reset ends every session, every other link and every failed-login
// counter of the account.
import { forgettingAfter } from '../auth/member-view-cache.ts';
import { checkNewPassword, hashPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Background } from '../background.ts';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { badRequest } from '../errors.ts';
import {
  findUsableLink,
  findUserByEmail,
  insertResetRequest,
  markLinkUsed,
  revokeSessionsOf,
  setPasswordHash,
  takeResetRequest,
} from './accounts.repository.ts';
import { claimRecipientCooldown } from './cooldowns.ts';
import { resetPasswordLink, revokeEmailLinks, sendEmailLink } from './email-links.ts';
import { clearThrottlesOfUser } from './login-throttle.ts';

type Log = Parameters<Background['run']>[1];
type Context = Pick<ServerContext, 'config' | 'db' | 'mail' | 'background'>;

/**
 * Turns reset requests into reset emails: the one named, or every one left by a server that
 * stopped between answering and sending. Each is taken under a row lock and deleted with its email.
 */
async function workResetRequests({ config, db, mail }: Context, id?: string): Promise<void> {
  for (;;) {
    const sent = await db.transaction(async (tx) => {
      const request = await takeResetRequest(tx, id);
      if (!request) return undefined;
      const user = await findUserByEmail(tx, request.trainerId, request.email);
      if (!user || !(await claimRecipientCooldown(tx, user.id, 'lastResetSentAt'))) return false;
      await sendEmailLink(tx, mail, user, 'reset_password', (token) => resetPasswordLink(config, token));
      return true;
    });
    if (sent) mail.wake();
    if (sent === undefined || id) return;
  }
}

/** Sends, after the answer, the reset emails asked for before this server started. */
export function sendLeftoverResetEmails(context: Context, log: Log): void {
  context.background.run('leftover forgot-password emails', log, () => workResetRequests(context));
}

/**
 * Writes the request down and sends its email after the answer. One insert whatever the address,
 * so the answer's timing tells nothing; the request is on disk before the answer promises an email.
 */
export async function requestPasswordReset(
  context: Context,
  { email, trainerID }: { email: string; trainerID: string },
  log: Log,
): Promise<void> {
  const id = newId('rst');
  await insertResetRequest(context.db, { id, trainerId: trainerID, email });
  context.background.run('forgot-password email', log, () => workResetRequests(context, id));
}

/** Sets the password the reset link's token allows, once. */
export async function resetPassword(
  { config, db, memberViews }: Pick<ServerContext, 'config' | 'db' | 'memberViews'>,
  { token, password }: { token: string; password: string },
  address: string,
): Promise<void> {
  checkNewPassword(password);
  const invalid = badRequest('accounts.resetLinkInvalid');
  const tokenHash = hashToken(token);
  const now = new Date();
  const link = await findUsableLink(db, tokenHash, 'reset_password', now);
  if (!link) throw invalid;
  const passwordHash = await hashPassword(password, config.PASSWORD_HASH_LOG2_COST, { address });
  await forgettingAfter(memberViews, link.userId, () =>
    db.transaction(async (tx) => {
      const userId = await markLinkUsed(tx, tokenHash, now);
      if (!userId) throw invalid;
      await setPasswordHash(tx, userId, passwordHash);
      await revokeSessionsOf(tx, userId, now);
      // Every other reset link and every verification link of this user stops working too.
      await revokeEmailLinks(tx, userId);
      // The account's own devices and password checks start afresh too.
      await clearThrottlesOfUser(tx, userId);
    }),
  );
}
