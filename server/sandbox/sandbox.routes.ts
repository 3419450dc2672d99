// The sandbox gateway's hosted pages: the checkout page at /sandbox/checkout/{id}
// (sandbox-checkout.ts), the billing portal at /sandbox/portal/{id} (sandbox-portal.ts) and the
// plan-change confirmation at /sandbox/portal/{id}/change (sandbox-plan-change.ts). The session id in
// the URL is the only credential, as with Stripe's hosted pages: it is random, unguessable, and a
// checkout or a change can be confirmed only once. A portal or change page also ends when the member
// signs out or the password changes (auth/hosted-sessions.ts), so a link left in a shared browser's
// history acts for no one. What a page confirms is applied in one transaction with the events it
// sends, so a crash leaves it either done or not done at all. With the dev pages on
// (config.devPages), POST /dev/clock moves a member's test clock (sandbox-clock.ts).
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { memberIdByEmail } from './sandbox.repository.ts';
import { payCheckout, showCheckout } from './sandbox-checkout.ts';
import { advanceClock } from './sandbox-clock.ts';
import { hostedPagePolicy } from './sandbox-page.ts';
import type { Redirect, SandboxDeps, Shown } from './sandbox-pages.types.ts';
import { confirmChange, showChange } from './sandbox-plan-change.ts';
import { actOnPortal, showPortal } from './sandbox-portal.ts';

type Params = { Params: { id: string } };

export function sandboxRoutes(deps: SandboxDeps): FastifyPluginAsync {
  return async (app) => {
    const csp = hostedPagePolicy(deps.config.publicUrl);
    const answer = (reply: FastifyReply, outcome: Shown | Redirect): FastifyReply =>
      'redirect' in outcome
        ? reply.code(303).header('location', outcome.redirect).send()
        : reply
            .code(outcome.status)
            .header('content-type', 'text/html; charset=utf-8')
            .header('content-security-policy', csp)
            .header('x-content-type-options', 'nosniff')
            .header('referrer-policy', 'no-referrer')
            .header('cache-control', 'no-store')
            .send(outcome.page);

    await app.register(async (scope) => {
      // Form posts are accepted by these pages only; the JSON API keeps refusing them.
      await scope.register(formbody, { bodyLimit: 16 * 1024 });
      scope.get<Params>('/sandbox/checkout/:id', async (request, reply) =>
        answer(reply, await showCheckout(deps, request.params.id, 200)),
      );
      scope.post<Params>('/sandbox/checkout/:id', async (request, reply) =>
        answer(reply, await payCheckout(deps, request.params.id, request.body)),
      );
      scope.get<Params>('/sandbox/portal/:id', async (request, reply) =>
        answer(reply, await showPortal(deps, request.params.id)),
      );
      scope.post<Params>('/sandbox/portal/:id', async (request, reply) =>
        answer(reply, await actOnPortal(deps, request.params.id, request.body)),
      );
      scope.get<Params>('/sandbox/portal/:id/change', async (request, reply) =>
        answer(reply, await showChange(deps, request.params.id)),
      );
      scope.post<Params>('/sandbox/portal/:id/change', async (request, reply) =>
        answer(reply, await confirmChange(deps, request.params.id, request.body)),
      );
    });

    if (deps.config.devPages) registerDevClock(app, deps);
  };
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
function registerDevClock(app: FastifyInstance, { db, processor }: SandboxDeps): void {
  app.post('/dev/clock', async (request, reply) => {
    const parsed = clockRequest.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ success: false, message: 'Send {email, trainerId, days} with days from 1 to 3660' });
    }
    const { email, trainerId, days } = parsed.data;
    const userId = await memberIdByEmail(db, trainerId, email);
    if (!userId) return reply.code(404).send({ success: false, message: 'No member with that email' });
    const result = await advanceClock(processor, userId, days * 24 * 60 * 60 * 1000);
    return { success: true, now: result.now.toISOString(), events: result.events };
  });
}
