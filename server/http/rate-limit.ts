// Login, register, forgot-password, reset-password, resend-verification and the two calls that check
// the current password (password change, email change) are the calls an attacker would repeat
// (password guessing, account creation, email flooding), so each is limited per client address.
// With REDIS_URL the counters live in Redis, shared by every instance (decision 071); without it, in
// this process's memory. While Redis is unreachable these calls fail closed: 503 with a retry
// message (the error handler), never unlimited. The admin operations are limited alike, so the admin
// token cannot be guessed at speed either.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import type { Redis } from '../redis.ts';
import { type OperationId, servedOperations } from './contract.ts';

export const RATE_LIMITED_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'resendVerification',
  // Both check the current password: a stolen session must not make them a guessing oracle.
  'changePassword',
  'updateUser',
  ...servedOperations()
    .filter((op) => (op.operation.tags as string[] | undefined)?.includes('admin'))
    .map((op) => op.id),
  // The studio's steps before a session (decision 142): passkey and link sign-in, invitations. A
  // guessed link or invitation token, a flood of sign-in emails, are limited as the members' login.
  'studioPasskeySignInOptions',
  'studioPasskeySignIn',
  'studioRequestSignInLink',
  'studioVerifySignInLink',
  'studioGetInvite',
  'studioInvitePasskeyOptions',
  'studioAcceptInvite',
  'studioInviteStaff',
]);

/** A profile change is limited only when it checks the password (an email change). */
const checksPassword = (request: FastifyRequest): boolean => {
  const body = request.body as { currentPassword?: unknown } | undefined;
  return body?.currentPassword !== undefined;
};

/** Registers the limits; call before the contract's routes are added, so they are seen as they are. */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  redis: Redis | null,
): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: OperationId } | undefined)?.operationId;
    if (operationId && RATE_LIMITED_OPERATIONS.has(operationId)) {
      const limit = { max: config.RATE_LIMIT_MAX, timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000 };
      route.config = {
        ...route.config,
        rateLimit:
          operationId === 'updateUser'
            ? // Counted once the body is read, and only for the calls that check a password.
              { ...limit, hook: 'preHandler', allowList: (request) => !checksPassword(request) }
            : limit,
      };
    }
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'trainer-rate-limit:', skipOnError: false } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'server.tooManyAttempts', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
