// Accounts: register, login, the user, profile updates, passwords, email verification and logout.
// Each call acts only on the caller's own user; a user belongs to one trainer, and an email is unique
// per trainer regardless of case. Every write and the email it causes share one transaction.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { authenticate, type UserRow } from '../auth/authenticate.ts';
import { sendEmailLink, usableEmailLink } from '../auth/email-links.ts';
import {
  checkNewPassword,
  dummyHash,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  verifyPassword,
} from '../auth/passwords.ts';
import { hashToken, newId, newToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { Handlers } from '../contract.ts';
import type { Database } from '../db/index.ts';
import { emailTokens, sessions, trainers, users } from '../db/schema.ts';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../errors.ts';
import type { Locale } from '../mail/templates.ts';
import { toUserView } from '../views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const RESEND_COOLDOWN_MS = 60 * 1000;

const WRONG_CREDENTIALS = 'The email or password is incorrect';
const EMAIL_TAKEN = 'An account with this email already exists';
const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, we have sent it a link to reset the password';
const OWN_ACCOUNT_ONLY = 'You may only change your own account';

const conflict = (message: string) => new HttpError(409, message);

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

async function findUserByEmail(db: Database, trainerId: string, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.trainerId, trainerId), sameEmail(email)))
    .limit(1);
  return user;
}

async function createSession(db: Database, user: UserRow): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    trainerId: user.trainerId,
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
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

export function accountHandlers({ config, db, mail }: ServerContext): Handlers {
  const cost = config.PASSWORD_HASH_LOG2_COST;

  /** Writes a verify token and its email through `tx`, and records when it was sent. */
  async function sendVerification(tx: Database, user: UserRow, route: string | undefined): Promise<void> {
    await sendEmailLink(tx, mail, user, 'verify_email', (token) => verificationLink(config, route, token));
    await tx.update(users).set({ lastVerificationSentAt: new Date() }).where(eq(users.id, user.id));
  }

  const sendUser = async (reply: FastifyReply, status: number, user: UserRow, token: string) =>
    reply.code(status).send({ success: true, user: await toUserView(db, user, token) });

  return {
    register: async (request, reply) => {
      const body = request.body;
      checkNewPassword(body.password);
      const [trainer] = await db.select().from(trainers).where(eq(trainers.id, body.trainerID));
      if (!trainer) throw notFound('Unknown trainer');
      if (await findUserByEmail(db, trainer.id, body.email)) throw conflict(EMAIL_TAKEN);
      const passwordHash = await hashPassword(body.password, cost);
      const locale: Locale = body.locale ?? 'en';
      let created: { user: UserRow; token: string };
      try {
        created = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              id: newId('usr'),
              trainerId: trainer.id,
              email: body.email,
              name: body.name,
              passwordHash,
              locale,
            })
            .returning();
          if (!user) throw new Error('The new user was not returned');
          const token = await createSession(tx, user);
          if (body.enableEmailVerification) await sendVerification(tx, user, body.currentRoute);
          return { user, token };
        });
      } catch (error) {
        // Two registrations of one email at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
      mail.wake();
      const user = await toUserView(db, created.user, created.token);
      return reply.code(201).send({ success: true, user, token: created.token });
    },

    login: async (request) => {
      const { email, password, trainerID } = request.body;
      // No stored password is this long, so it cannot match; it is refused without hashing it.
      if (password.length > MAX_PASSWORD_LENGTH) throw unauthorized(WRONG_CREDENTIALS);
      const user = await findUserByEmail(db, trainerID, email);
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(cost)));
      if (!user || !ok) throw unauthorized(WRONG_CREDENTIALS);
      return { success: true, userToken: await createSession(db, user) };
    },

    getUser: async (request, reply) => {
      const auth = await authenticate(db, request, { allowEmailVerification: true });
      const token =
        auth.kind === 'session' ? String(request.headers.token) : await createSession(db, auth.user);
      return sendUser(reply, 200, auth.user, token);
    },

    updateUser: async (request, reply) => {
      const auth = await authenticate(db, request, { allowEmailVerification: true });
      if (request.params.userID !== auth.user.id) throw forbidden(OWN_ACCOUNT_ONLY);
      const changes = request.body.user;
      const current = auth.user;
      const emailChanged =
        changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
      if (changes.email_verified) {
        if (auth.kind !== 'emailVerification') {
          throw forbidden('An email can only be verified with the link sent to it');
        }
        if (emailChanged) throw badRequest('A new email must be verified with the link sent to it');
      }
      if (emailChanged && changes.email && (await findUserByEmail(db, current.trainerId, changes.email))) {
        throw conflict(EMAIL_TAKEN);
      }

      let updated: UserRow;
      try {
        updated = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              ...(changes.name !== undefined && { name: changes.name }),
              ...(changes.phone !== undefined && { phone: changes.phone }),
              ...(changes.image !== undefined && { image: changes.image }),
              ...(changes.email !== undefined && { email: changes.email }),
              ...(emailChanged && { emailVerified: false }),
              ...(changes.email_verified && { emailVerified: true }),
            })
            .where(eq(users.id, current.id))
            .returning();
          if (!row) throw new Error('The user was not returned');
          if (changes.email_verified) {
            const [used] = await tx
              .update(emailTokens)
              .set({ usedAt: new Date() })
              .where(and(eq(emailTokens.tokenHash, auth.tokenHash), isNull(emailTokens.usedAt)))
              .returning({ tokenHash: emailTokens.tokenHash });
            // The same link used twice at once: only the first use counts.
            if (!used) throw unauthorized('This verification link has already been used');
          }
          if (emailChanged) await sendVerification(tx, row, '/');
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      }
      mail.wake();
      const token =
        auth.kind === 'session' ? String(request.headers.token) : await createSession(db, updated);
      return sendUser(reply, 200, updated, token);
    },

    changePassword: async (request) => {
      const auth = await authenticate(db, request);
      const { oldPassword, newPassword, trainerID } = request.body;
      if (request.params.userID !== auth.user.id || trainerID !== auth.user.trainerId) {
        throw forbidden(OWN_ACCOUNT_ONLY);
      }
      checkNewPassword(newPassword);
      if (
        oldPassword.length > MAX_PASSWORD_LENGTH ||
        !(await verifyPassword(oldPassword, auth.user.passwordHash))
      ) {
        throw forbidden('The current password is incorrect');
      }
      const passwordHash = await hashPassword(newPassword, cost);
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id));
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(
            and(
              eq(sessions.userId, auth.user.id),
              ne(sessions.tokenHash, auth.tokenHash),
              isNull(sessions.revokedAt),
            ),
          );
        await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailTokens.userId, auth.user.id),
              eq(emailTokens.purpose, 'reset_password'),
              isNull(emailTokens.usedAt),
            ),
          );
      });
      return { success: true, message: 'Your password has been changed' };
    },

    forgotPassword: async (request) => {
      const { email, trainerID } = request.body;
      const user = await findUserByEmail(db, trainerID, email);
      if (user) {
        await db.transaction((tx) =>
          sendEmailLink(
            tx,
            mail,
            user,
            'reset_password',
            (token) => `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          ),
        );
        mail.wake();
      }
      return { success: true, message: FORGOT_PASSWORD_ANSWER };
    },

    resetPassword: async (request) => {
      const { token, password } = request.body;
      checkNewPassword(password);
      const invalid = badRequest('This reset link is invalid or has expired. Please ask for a new one.');
      const tokenHash = hashToken(token);
      const now = new Date();
      const [link] = await db
        .select()
        .from(emailTokens)
        .where(usableEmailLink(tokenHash, 'reset_password', now));
      if (!link) throw invalid;
      const passwordHash = await hashPassword(password, cost);
      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt)))
          .returning({ userId: emailTokens.userId });
        if (!used) throw invalid;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
      });
      return { success: true, message: 'Your password has been reset. Please sign in with the new one.' };
    },

    resendVerification: async (request, reply) => {
      const auth = await authenticate(db, request);
      if (auth.user.emailVerified) throw conflict('Your email is already verified');
      const now = Date.now();
      const cooldownStart = new Date(now - RESEND_COOLDOWN_MS);
      const sent = await db.transaction(async (tx) => {
        // Claims the cooldown atomically, so two resends at once send one email.
        const [claimed] = await tx
          .update(users)
          .set({ lastVerificationSentAt: new Date(now) })
          .where(
            and(
              eq(users.id, auth.user.id),
              sql`(${users.lastVerificationSentAt} is null or ${users.lastVerificationSentAt} <= ${cooldownStart.toISOString()})`,
            ),
          )
          .returning();
        if (!claimed) return false;
        await sendVerification(tx, claimed, '/');
        return true;
      });
      if (!sent) {
        const last = auth.user.lastVerificationSentAt?.getTime() ?? now;
        const retryAfter = Math.max(1, Math.ceil((last + RESEND_COOLDOWN_MS - now) / 1000));
        return reply
          .code(429)
          .header('retry-after', String(retryAfter))
          .send({
            success: false,
            message: `Please wait ${retryAfter} seconds before asking for another email`,
          });
      }
      mail.wake();
      return { success: true, message: 'We have sent you a new verification email' };
    },

    logout: async (request) => {
      const auth = await authenticate(db, request);
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, auth.tokenHash));
      return { success: true, message: 'You are signed out' };
    },
  };
}
