// Registration: a user belongs to one trainer, and an email is unique per trainer regardless of
// case. The new user, their session and the verification email share one transaction. An address
// that has an account already is refused with the same words as one being registered at this very
// moment; its owner gets an email saying someone tried.

import type { Locale } from '../../domain/localized.ts';
import type { operations } from '../../openapi/schema.d.ts';
import { checkNewPassword, hashPassword } from '../auth/passwords.ts';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import type { UserRow } from '../db/schema.ts';
import { type ApiKey, conflict, notFound } from '../errors.ts';
import { findTrainer, findUserByEmail, insertUser, isUniqueViolation } from './accounts.repository.ts';
import { claimRecipientCooldown } from './cooldowns.ts';
import { sendVerification } from './email-links.ts';
import { createSession } from './sessions.ts';

type Registration = operations['register']['requestBody']['content']['application/json'];
type Context = Pick<ServerContext, 'config' | 'db' | 'mail'>;

const EMAIL_TAKEN: ApiKey = 'accounts.emailTaken';

/** Tells the owner of an address that someone tried to sign up with it, at most once a minute. */
async function noticeExistingOwner({ config, db, mail }: Context, owner: UserRow): Promise<void> {
  const sent = await db.transaction(async (tx) => {
    if (!(await claimRecipientCooldown(tx, owner.id, 'lastSignupNoticeAt'))) return false;
    await mail.enqueue(tx, {
      trainerId: owner.trainerId,
      userId: owner.id,
      to: owner.email,
      locale: owner.locale,
      template: { kind: 'accountExists', name: owner.name, trainerName: '', link: `${config.publicUrl}/` },
    });
    return true;
  });
  if (sent) mail.wake();
}

/** The registrations of one server: `register` creates the user and their first session. */
export function registrations(context: Context) {
  const { config, db, mail } = context;
  /** Addresses being registered right now: the second of two at once is refused before hashing. */
  const registering = new Set<string>();

  return async function register(
    body: Registration,
    address: string,
  ): Promise<{ user: UserRow; token: string }> {
    checkNewPassword(body.password);
    const trainer = await findTrainer(db, body.trainerID);
    if (!trainer) throw notFound('accounts.unknownTrainer');
    const existing = await findUserByEmail(db, trainer.id, body.email);
    if (existing) {
      await noticeExistingOwner(context, existing);
      throw conflict(EMAIL_TAKEN);
    }
    const key = `${trainer.id}\n${body.email.toLowerCase()}`;
    if (registering.has(key)) throw conflict(EMAIL_TAKEN);
    registering.add(key);
    let created: { user: UserRow; token: string };
    try {
      const passwordHash = await hashPassword(body.password, config.PASSWORD_HASH_LOG2_COST, { address });
      const locale: Locale = body.locale ?? 'en';
      created = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          id: newId('usr'),
          trainerId: trainer.id,
          email: body.email,
          name: body.name,
          passwordHash,
          locale,
        });
        const token = await createSession(tx, user);
        if (body.enableEmailVerification) await sendVerification(tx, context, user, body.currentRoute);
        return { user, token };
      });
    } catch (error) {
      // Two registrations of one email on two servers at once: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    } finally {
      registering.delete(key);
    }
    mail.wake();
    return created;
  };
}
