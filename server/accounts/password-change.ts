// A signed-in member changes their password: with the current one, after which every other session
// and every emailed link of theirs stops working; the session that made the change holds.
import type { operations } from '../../openapi/schema.d.ts';
import type { Auth } from '../auth/authenticate.ts';
import { forgettingAfter } from '../auth/member-view-cache.ts';
import { checkNewPassword, hashPassword } from '../auth/passwords.ts';
import type { ServerContext } from '../context.ts';
import { accountClient, checkCurrentPassword, checkOwnAccount } from './account-access.ts';
import { revokeSessionsOf, setPasswordHash } from './accounts.repository.ts';
import { revokeEmailLinks } from './email-links.ts';

type Change = operations['changePassword']['requestBody']['content']['application/json'];

export async function changePassword(
  { config, db, memberViews }: Pick<ServerContext, 'config' | 'db' | 'memberViews'>,
  caller: { auth: Auth; address: string },
  userId: string,
  { oldPassword, newPassword, trainerID }: Change,
): Promise<void> {
  const { auth, address } = caller;
  checkOwnAccount(auth, userId, trainerID);
  checkNewPassword(newPassword);
  await checkCurrentPassword(db, address, auth.user, oldPassword);
  const passwordHash = await hashPassword(
    newPassword,
    config.PASSWORD_HASH_LOG2_COST,
    accountClient(address, auth.user),
  );
  const now = new Date();
  await forgettingAfter(memberViews, auth.user.id, () =>
    db.transaction(async (tx) => {
      await setPasswordHash(tx, auth.user.id, passwordHash);
      await revokeSessionsOf(tx, auth.user.id, now, auth.tokenHash);
      await revokeEmailLinks(tx, auth.user.id);
    }),
  );
}
