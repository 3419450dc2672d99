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
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentServiceFor } from '../content/content-service.ts';
import { siteBrand } from '../site/brand.ts';
import { memberIdByEmail } from './sandbox.repository.ts';
import { payCheckout, showCheckout } from './sandbox-checkout.ts';
import { advanceClock } from './sandbox-clock.ts';
import { hostedPagePolicy } from './sandbox-look.ts';
import type { PageDeps, Redirect, SandboxDeps, Shown } from './sandbox-pages.types.ts';
import { confirmChange, showChange } from './sandbox-plan-change.ts';
import { actOnPortal, showPortal } from './sandbox-portal.ts';

type Params = { Params: { id: string } };

export function sandboxRoutes(deps: SandboxDeps): FastifyPluginAsync {
  return async (app) => {
    const content = contentServiceFor(deps.config);
    // The brand is read once per request (the CMS settings are cached), so the page and its policy
    // name the same colours.
    const page =
      (show: (deps: PageDeps, id: string, body: unknown) => Promise<Shown | Redirect>) =>
      async (request: FastifyRequest<Params>, reply: FastifyReply): Promise<FastifyReply> => {
        const brand = await siteBrand(content, deps.config.publicUrl);
        const outcome = await show({ ...deps, brand }, request.params.id, request.body);
        if ('redirect' in outcome) return reply.code(303).header('location', outcome.redirect).send();
        return reply
          .code(outcome.status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', hostedPagePolicy(deps.config.publicUrl, brand))
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer')
          .header('cache-control', 'no-store')
          .send(outcome.page);
      };

    await app.register(async (scope) => {
      // Form posts are accepted by these pages only; the JSON API keeps refusing them.
      await scope.register(formbody, { bodyLimit: 16 * 1024 });
      scope.get<Params>(
        '/sandbox/checkout/:id',
        page((d, id) => showCheckout(d, id, 200)),
      );
      scope.post<Params>('/sandbox/checkout/:id', page(payCheckout));
      scope.get<Params>(
        '/sandbox/portal/:id',
        page((d, id) => showPortal(d, id)),
      );
      scope.post<Params>('/sandbox/portal/:id', page(actOnPortal));
      scope.get<Params>(
        '/sandbox/portal/:id/change',
        page((d, id) => showChange(d, id)),
      );
      scope.post<Params>('/sandbox/portal/:id/change', page(confirmChange));
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
