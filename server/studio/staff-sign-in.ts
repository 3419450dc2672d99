// Signing a staff member in (decision 142): with a passkey, or with a one-time link emailed to them
// (15 minutes), whose requests back off as the members' login throttle counts.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { checkThrottle, clearThrottle, recordFailure } from '../accounts/login-throttle.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { ServerContext } from '../context.ts';
import { conflict, HttpError, unauthorized } from '../errors.ts';
import { signInOptions, verifiedAuthentication } from './passkeys.ts';
import {
  findPasskey,
  findStaffById,
  insertSignInLink,
  passkeyUsed,
  signInLinkExists,
  spendSignInLink,
  staffByEmail,
} from './staff.repository.ts';
import { type SignedIn, trainerName } from './staff.ts';
import { startSession } from './staff-sessions.ts';

type Context = Pick<ServerContext, 'db' | 'config' | 'mail'>;

export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
const linkKey = (staffId: string) => `studio-link ${staffId}`;

export function passkeySignInOptions({ db, config }: Context) {
  return signInOptions(db, config);
}

export async function passkeySignIn(
  { db, config }: Context,
  response: AuthenticationResponseJSON,
  userAgent: string | undefined,
): Promise<SignedIn> {
  const found = await findPasskey(db, response.id);
  if (!found) throw unauthorized('studio.passkeyUnknown');
  const counter = await verifiedAuthentication(db, config, response, found.passkey);
  await passkeyUsed(db, found.passkey.id, counter, new Date());
  return { member: found.member, session: await startSession(db, found.member, userAgent) };
}

/**
 * Emails a sign-in link to each studio account of the address (of the trainer given, or of all).
 * The answer is the same whoever asks: an unknown address, or one whose links are backing off
 * (five unused in a row, as the members' login throttle counts), gets no email and no sign of it.
 */
export async function requestSignInLink(
  { db, config, mail }: Context,
  email: string,
  trainerId: string | undefined,
): Promise<void> {
  for (const member of await staffByEmail(db, email, trainerId)) {
    const backingOff = await checkThrottle(
      db,
      member.trainerId,
      linkKey(member.id),
      'studio.linkInvalid',
    ).then(
      () => false,
      (error: unknown) =>
        error instanceof HttpError && error.statusCode === 429 ? true : Promise.reject(error),
    );
    if (backingOff) continue;
    const token = newToken();
    await db.transaction(async (tx) => {
      await insertSignInLink(tx, {
        tokenHash: hashToken(token),
        staffId: member.id,
        expiresAt: new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
      });
      await mail.enqueue(tx, {
        trainerId: member.trainerId,
        userId: null,
        to: member.email,
        locale: member.locale,
        template: {
          kind: 'studioSignInLink',
          name: member.name,
          trainerName: await trainerName(tx, member.trainerId),
          link: `${config.publicUrl}/studio/sign-in?token=${encodeURIComponent(token)}`,
        },
      });
    });
    await recordFailure(db, member.trainerId, linkKey(member.id));
  }
  mail.wake();
}

export async function verifySignInLink(
  { db }: Context,
  token: string,
  userAgent: string | undefined,
): Promise<SignedIn> {
  const tokenHash = hashToken(token);
  const member = await db.transaction(async (tx) => {
    const staffId = await spendSignInLink(tx, tokenHash, new Date());
    if (!staffId) return null;
    const row = await findStaffById(tx, staffId);
    return row ? { member: row, session: await startSession(tx, row, userAgent) } : null;
  });
  if (!member) {
    const link = await signInLinkExists(db, tokenHash);
    if (link?.usedAt) throw conflict('studio.linkUsed');
    throw unauthorized('studio.linkInvalid');
  }
  await clearThrottle(db, member.member.trainerId, linkKey(member.member.id));
  return member;
}
