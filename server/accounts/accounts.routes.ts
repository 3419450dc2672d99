// Accounts: register, login, the user, profile updates, passwords, email verification and logout.
// Each call acts only on the caller's own user; a user belongs to one trainer, and an email is unique
// per trainer regardless of case. Every write and the email it causes share one transaction.
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { deviceCookies } from '../auth/device-cookies.ts';
import { sendEmailLink, usableEmailLink } from '../auth/email-links.ts';
import {
  checkNewPassword,
  dummyHash,
  type HashClient,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  verifyPassword,
} from '../auth/passwords.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import type { Database } from '../db/index.ts';
import {
  emailTokens,
  loginThrottle,
  resetRequests,
  sessions,
  trainers,
  type UserRow,
  users,
} from '../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../errors.ts';
import { authOf, type Handlers } from '../http/contract.ts';
import type { Locale } from '../mail/templates.ts';
import { customerView, toUserView, userView } from './member-view.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const RESEND_COOLDOWN_MS = 60 * 1000;
/** At most one reset email, and one "you already have an account" email, per address per minute. */
export const RECIPIENT_COOLDOWN_MS = 60 * 1000;
/**
 * Failed logins for one address before each further one waits, starting at 30 s and doubling to 15 min.
 * The same holds for the failures of one trusted device (decision 094), and for the wrong current
 * passwords given by one signed-in account.
 */
export const FREE_LOGIN_FAILURES = 5;
const LOGIN_BACKOFF_BASE_MS = 30 * 1000;
const LOGIN_BACKOFF_MAX_MS = 15 * 60 * 1000;

const WRONG_CREDENTIALS = 'The email or password is incorrect';
// The same words whether the address has an account or is being registered at this very moment;
// its owner gets an email saying someone tried.
const EMAIL_TAKEN =
  'We could not create an account with this email. If it is yours, sign in or reset your password.';
const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this email, we have sent it a link to reset the password';
const OWN_ACCOUNT_ONLY = 'You may only change your own account';

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

export function loginBackoffMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(LOGIN_BACKOFF_MAX_MS, LOGIN_BACKOFF_BASE_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

// A throttle row counts the failures of one key: an email, for sign-ins from untrusted clients; one
// device cookie, for sign-ins from a device that signed in before; one account, for the password
// checks of a signed-in member. The two other kinds hold a space, which no email does.
const deviceKey = (userId: string, nonce: string) => `device ${userId} ${nonce}`;
const passwordCheckKey = (userId: string) => `password-check ${userId}`;

const SIGN_IN_LOCKED = (seconds: number) =>
  `Too many failed sign-ins for this email. Please try again in ${seconds} seconds or reset your password.`;
const CHECKS_LOCKED = (seconds: number) =>
  `Too many wrong passwords. Please try again in ${seconds} seconds.`;

/** Answers 429 while the key is backing off, before any hashing is done. */
async function checkThrottle(
  db: Database,
  trainerId: string,
  key: string,
  message: (seconds: number) => string,
): Promise<void> {
  const [row] = await db
    .select({ lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(
      and(
        eq(loginThrottle.trainerId, trainerId),
        eq(loginThrottle.email, key),
        gt(loginThrottle.lockedUntil, new Date()),
      ),
    );
  if (row?.lockedUntil) {
    const seconds = Math.max(1, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000));
    throw new HttpError(429, message(seconds), { 'retry-after': String(seconds) });
  }
}

async function recordFailure(db: Database, trainerId: string, key: string): Promise<void> {
  const now = new Date();
  const [row] = await db
    .insert(loginThrottle)
    .values({ trainerId, email: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [loginThrottle.trainerId, loginThrottle.email],
      set: { failures: sql`${loginThrottle.failures} + 1`, updatedAt: now },
    })
    .returning({ failures: loginThrottle.failures });
  const wait = loginBackoffMs(row?.failures ?? 0);
  if (wait) {
    await db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(now.getTime() + wait) })
      .where(and(eq(loginThrottle.trainerId, trainerId), eq(loginThrottle.email, key)));
  }
}

async function clearThrottle(db: Database, trainerId: string, key: string): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(and(eq(loginThrottle.trainerId, trainerId), eq(loginThrottle.email, key)));
}

/**
 * Marks every unused email link of the user as used: after a password reset or change, or once the
 * address is verified, no older link signs anyone in or resets anything.
 */
async function revokeEmailLinks(tx: Database, userId: string, purpose?: 'verify_email' | 'reset_password') {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        isNull(emailTokens.usedAt),
        purpose ? eq(emailTokens.purpose, purpose) : undefined,
      ),
    );
}

/** Claims a per-recipient cooldown atomically: true when this call may send its email. */
async function claimCooldown(
  tx: Database,
  userId: string,
  key: 'lastResetSentAt' | 'lastSignupNoticeAt',
): Promise<boolean> {
  const now = new Date();
  const column = users[key];
  const since = new Date(now.getTime() - RECIPIENT_COOLDOWN_MS).toISOString();
  const [claimed] = await tx
    .update(users)
    .set({ [key]: now })
    .where(and(eq(users.id, userId), sql`(${column} is null or ${column} <= ${since})`))
    .returning({ id: users.id });
  return Boolean(claimed);
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

export function accountHandlers(
  { config, db, mail, background, memberViews }: ServerContext,
  log: FastifyBaseLogger,
): Handlers {
  const cost = config.PASSWORD_HASH_LOG2_COST;
  const devices = deviceCookies(config);
  /** Addresses being registered right now: the second of two at once is refused before hashing. */
  const registering = new Set<string>();

  /** Writes a verify token and its email through `tx`, and records when it was sent. */
  async function sendVerification(tx: Database, user: UserRow, route: string | undefined): Promise<void> {
    await sendEmailLink(tx, mail, user, 'verify_email', (token) => verificationLink(config, route, token));
    await tx.update(users).set({ lastVerificationSentAt: new Date() }).where(eq(users.id, user.id));
  }

  /** Tells the owner of an address that someone tried to sign up with it, at most once a minute. */
  async function noticeExistingOwner(owner: UserRow): Promise<void> {
    const sent = await db.transaction(async (tx) => {
      if (!(await claimCooldown(tx, owner.id, 'lastSignupNoticeAt'))) return false;
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

  /**
   * The one session a verification link may open, claimed atomically: the first call with the link
   * gets it, later ones get none.
   */
  async function sessionFromLink(tokenHash: string, user: UserRow): Promise<string | null> {
    const [claimed] = await db
      .update(emailTokens)
      .set({ sessionIssuedAt: new Date() })
      .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.sessionIssuedAt)))
      .returning({ tokenHash: emailTokens.tokenHash });
    return claimed ? createSession(db, user) : null;
  }

  /**
   * Turns reset requests into reset emails: the one named, or every one left by a server that
   * stopped between answering and sending. Each is taken under a row lock and deleted with its email.
   */
  async function workResetRequests(id?: string): Promise<void> {
    for (;;) {
      const sent = await db.transaction(async (tx) => {
        const [request] = await tx
          .select()
          .from(resetRequests)
          .where(id ? eq(resetRequests.id, id) : undefined)
          .orderBy(resetRequests.createdAt)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!request) return undefined;
        await tx.delete(resetRequests).where(eq(resetRequests.id, request.id));
        const user = await findUserByEmail(tx, request.trainerId, request.email);
        if (!user || !(await claimCooldown(tx, user.id, 'lastResetSentAt'))) return false;
        await sendEmailLink(
          tx,
          mail,
          user,
          'reset_password',
          (token) => `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        );
        return true;
      });
      if (sent) mail.wake();
      if (sent === undefined || id) return;
    }
  }
  background.run('leftover forgot-password emails', log, () => workResetRequests());

  const accountClient = (address: string, user: UserRow): HashClient => ({
    address,
    account: `user ${user.id}`,
  });

  /**
   * The signed-in member's current password, before an email or password change. Wrong ones back off
   * as failed logins do, but on a count of the account's own: a stolen session cannot use these
   * calls to guess faster than the sign-in page allows, nor to lock the member's sign-in.
   */
  async function checkCurrentPassword(address: string, user: UserRow, typed: string): Promise<void> {
    const key = passwordCheckKey(user.id);
    await checkThrottle(db, user.trainerId, key, CHECKS_LOCKED);
    if (
      typed.length > MAX_PASSWORD_LENGTH ||
      !(await verifyPassword(typed, user.passwordHash, accountClient(address, user)))
    ) {
      await recordFailure(db, user.trainerId, key);
      throw forbidden('The current password is incorrect');
    }
    await clearThrottle(db, user.trainerId, key);
  }

  /**
   * Runs a write that changes what the member's view shows or whether their sessions hold, and then,
   * committed or not, forgets the views this instance kept for them: a read that began before the
   * commit is not kept either (decision 097).
   */
  async function forgettingAfter<T>(userId: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      memberViews.forgetUser(userId);
    }
  }

  const sendUser = async (reply: FastifyReply, status: number, user: UserRow, token: string) =>
    reply.code(status).send({ success: true, user: await toUserView(db, user, token) });

  return {
    register: async (request, reply) => {
      const body = request.body;
      checkNewPassword(body.password);
      const [trainer] = await db.select().from(trainers).where(eq(trainers.id, body.trainerID));
      if (!trainer) throw notFound('Unknown trainer');
      const existing = await findUserByEmail(db, trainer.id, body.email);
      if (existing) {
        await noticeExistingOwner(existing);
        throw conflict(EMAIL_TAKEN);
      }
      const key = `${trainer.id}\n${body.email.toLowerCase()}`;
      if (registering.has(key)) throw conflict(EMAIL_TAKEN);
      registering.add(key);
      let created: { user: UserRow; token: string };
      try {
        const passwordHash = await hashPassword(body.password, cost, { address: request.ip });
        const locale: Locale = body.locale ?? 'en';
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
        // Two registrations of one email on two servers at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
        throw error;
      } finally {
        registering.delete(key);
      }
      mail.wake();
      const user = await toUserView(db, created.user, created.token);
      return reply.code(201).send({ success: true, user, token: created.token });
    },

    login: async (request, reply) => {
      const { email, password, trainerID } = request.body;
      // No stored password is this long, so it cannot match; it is refused without hashing it.
      if (password.length > MAX_PASSWORD_LENGTH) throw unauthorized(WRONG_CREDENTIALS);
      const user = await findUserByEmail(db, trainerID, email);
      // A browser that signed in to this account before has failures, and a lockout, of its own;
      // every other client shares the account's (decision 094).
      const device = user ? devices.trusted(request, user.id) : null;
      const key = user && device ? deviceKey(user.id, device) : email.toLowerCase();
      await checkThrottle(db, trainerID, key, SIGN_IN_LOCKED);
      const client: HashClient = { address: request.ip, account: `sign-in ${trainerID} ${key}` };
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(cost)), client);
      if (!user || !ok) {
        await recordFailure(db, trainerID, key);
        throw unauthorized(WRONG_CREDENTIALS);
      }
      await clearThrottle(db, trainerID, key);
      devices.issue(reply, user.id);
      return { success: true, userToken: await createSession(db, user) };
    },

    getUser: async (request, reply) => {
      const auth = authOf(request);
      if (auth.kind === 'session') {
        let customer = memberViews.customer(auth.tokenHash, auth.user);
        if (!customer) {
          customer = await customerView(db, auth.user);
          memberViews.keep(auth, customer);
        }
        return reply
          .code(200)
          .send({ success: true, user: userView(auth.user, String(request.headers.token), customer) });
      }
      const token = await sessionFromLink(auth.tokenHash, auth.user);
      if (!token) throw unauthorized('This verification link has already been used. Please sign in.');
      return sendUser(reply, 200, auth.user, token);
    },

    updateUser: async (request, reply) => {
      const auth = authOf(request);
      if (request.params.userID !== auth.user.id) throw forbidden(OWN_ACCOUNT_ONLY);
      const { user: changes, currentPassword } = request.body;
      const current = auth.user;
      if (auth.kind === 'emailVerification') {
        // The link proves only that its reader has the mailbox: it verifies the address, nothing else.
        if (!changes.email_verified || Object.keys(changes).length > 1) {
          throw forbidden('A verification link can only verify the email; sign in to change anything else');
        }
      } else if (changes.email_verified) {
        throw forbidden('An email can only be verified with the link sent to it');
      }
      const emailChanged =
        changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanged) {
        // Whoever holds an open session must also know the password to move the account elsewhere.
        if (!currentPassword) throw badRequest('Please enter your current password to change your email');
        await checkCurrentPassword(request.ip, current, currentPassword);
        if (changes.email && (await findUserByEmail(db, current.trainerId, changes.email))) {
          throw conflict('Another account already uses this email');
        }
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
            await sendVerification(tx, row, '/');
          }
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Another account already uses this email');
        throw error;
      } finally {
        memberViews.forgetUser(current.id);
      }
      mail.wake();
      if (auth.kind === 'session') return sendUser(reply, 200, updated, String(request.headers.token));
      // The link opens at most one session: here only when the user was not fetched with it first.
      return sendUser(reply, 200, updated, (await sessionFromLink(auth.tokenHash, updated)) ?? '');
    },

    changePassword: async (request) => {
      const auth = authOf(request);
      const { oldPassword, newPassword, trainerID } = request.body;
      if (request.params.userID !== auth.user.id || trainerID !== auth.user.trainerId) {
        throw forbidden(OWN_ACCOUNT_ONLY);
      }
      checkNewPassword(newPassword);
      await checkCurrentPassword(request.ip, auth.user, oldPassword);
      const passwordHash = await hashPassword(newPassword, cost, accountClient(request.ip, auth.user));
      const now = new Date();
      await forgettingAfter(auth.user.id, () =>
        db.transaction(async (tx) => {
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
          await revokeEmailLinks(tx, auth.user.id);
        }),
      );
      return { success: true, message: 'Your password has been changed' };
    },

    forgotPassword: async (request) => {
      const { email, trainerID } = request.body;
      // One insert whatever the address, so the answer's timing tells nothing; the request is on
      // disk before the answer promises an email, and is worked through right after it.
      const id = newId('rst');
      await db.insert(resetRequests).values({ id, trainerId: trainerID, email });
      background.run('forgot-password email', request.log, () => workResetRequests(id));
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
      const passwordHash = await hashPassword(password, cost, { address: request.ip });
      await forgettingAfter(link.userId, () =>
        db.transaction(async (tx) => {
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
          // Every other reset link and every verification link of this user stops working too.
          await revokeEmailLinks(tx, used.userId);
          await tx
            .delete(loginThrottle)
            .where(
              sql`(${loginThrottle.trainerId}, ${loginThrottle.email}) in (select ${users.trainerId}, lower(${users.email}) from ${users} where ${users.id} = ${used.userId})`,
            );
          // The account's own devices and password checks start afresh too.
          const devicePrefix = deviceKey(used.userId, '');
          await tx
            .delete(loginThrottle)
            .where(
              or(
                sql`left(${loginThrottle.email}, ${devicePrefix.length}) = ${devicePrefix}`,
                eq(loginThrottle.email, passwordCheckKey(used.userId)),
              ),
            );
        }),
      );
      return { success: true, message: 'Your password has been reset. Please sign in with the new one.' };
    },

    resendVerification: async (request, reply) => {
      const auth = authOf(request);
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
      const auth = authOf(request);
      await forgettingAfter(auth.user.id, () =>
        db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, auth.tokenHash)),
      );
      return { success: true, message: 'You are signed out' };
    },
  };
}

export const accountsArea: AreaPlugin = async (app, { context }) => {
  app.operations(accountHandlers(context, app.log));
};
