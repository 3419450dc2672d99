// The sandbox gateway's hosted pages: the checkout page at /sandbox/checkout/{id}
// (sandbox-checkout.ts), the billing portal at /sandbox/portal/{id} and the plan-change confirmation
// at /sandbox/portal/{id}/change (sandbox-portal.ts). The session id in the URL is the only
// credential, as with Stripe's hosted pages: it is random, unguessable, and a checkout or a change can
// be confirmed only once. A portal or change page also ends when the member signs out or the password
// changes (auth/hosted-sessions.ts), so a link left in a shared browser's history acts for no one. What a page confirms is applied in one transaction with the events it
// sends, so a crash leaves it either done or not done at all. With the dev pages on
// (config.devPages), POST /dev/clock moves a member's test clock (sandbox-clock.ts).
import formbody from '@fastify/formbody';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { checkoutSessions, users } from '../db/schema.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { registerSandboxCheckout } from './sandbox-checkout.ts';
import { advanceClock } from './sandbox-clock.ts';
import { contentSecurityPolicy } from './sandbox-page.ts';
import type { SandboxPages } from './sandbox-pages.types.ts';
import { registerSandboxPortal } from './sandbox-portal.ts';

export function registerSandboxPages(
  app: FastifyInstance,
  deps: { db: Database; config: Config; processor: PaymentProcessor },
): void {
  const { db, config, processor } = deps;
  const csp = contentSecurityPolicy(config.publicUrl);
  const pages: SandboxPages = {
    db,
    config,
    processor,
    send: (reply, status, page) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', csp)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store')
        .send(page),
    session: async (id, kind) => {
      if (id.length > 64) return undefined;
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.id, id),
            eq(checkoutSessions.kind, kind),
            eq(checkoutSessions.gateway, 'sandbox'),
          ),
        );
      return row;
    },
  };

  app.register(async (scope) => {
    // Form posts are accepted by these pages only; the JSON API keeps refusing them.
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    registerSandboxCheckout(scope, pages);
    registerSandboxPortal(scope, pages);
  });

  if (config.devPages) registerDevClock(app, db, processor);
}

const clockRequest = z.strictObject({
  email: z.string().min(1).max(320),
  trainerId: z.string().min(1).max(200),
  days: z.number().int().min(1).max(3660),
});

/**
 * POST /dev/clock {email, trainerId, days}: moves that member's sandbox clock ahead, as a Stripe test
 * clock, and answers with the events it sent. For trying renewals and failed payments by hand.
 */
function registerDevClock(app: FastifyInstance, db: Database, processor: PaymentProcessor): void {
  app.post('/dev/clock', async (request, reply) => {
    const parsed = clockRequest.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ success: false, message: 'Send {email, trainerId, days} with days from 1 to 3660' });
    }
    const { email, trainerId, days } = parsed.data;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.trainerId, trainerId), sql`lower(${users.email}) = lower(${email})`));
    if (!user) return reply.code(404).send({ success: false, message: 'No member with that email' });
    const result = await advanceClock(processor, user.id, days * 24 * 60 * 60 * 1000);
    return { success: true, now: result.now.toISOString(), events: result.events };
  });
}
