// The embedded gateway: its checkout, portal and plan-change pages are served by this API
// (sandbox.routes.ts) instead of by Stripe. What the pages send back are Stripe-shaped events
// (sandbox-events.ts), handed to the same processor as Stripe's; a refund or a cancellation the
// operator asks for is such an event too, sent at once (sandbox-refunds.ts).
import type { PaymentGateway } from '../payments/gateway.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { sandboxOffer, sandboxPause, sandboxResume } from './sandbox-pause.ts';
import { sandboxCancel, sandboxKeep, sandboxRefund } from './sandbox-refunds.ts';

export function sandboxGateway(publicUrl: string, processor: PaymentProcessor): PaymentGateway {
  return {
    kind: 'sandbox',
    createCheckout: async ({ sessionId }) => ({
      url: `${publicUrl}/sandbox/checkout/${sessionId}`,
      gatewaySessionId: sessionId,
    }),
    createPortal: async ({ sessionId }) => ({ url: `${publicUrl}/sandbox/portal/${sessionId}` }),
    createPlanChange: async ({ sessionId }) => ({ url: `${publicUrl}/sandbox/portal/${sessionId}/change` }),
    refund: (tx, request) => sandboxRefund(processor, tx, request),
    cancelSubscription: (tx, request) => sandboxCancel(processor, tx, request),
    keepPlan: (tx, request) => sandboxKeep(processor, tx, request),
    pause: (tx, request) => sandboxPause(processor, tx, request),
    resume: (tx, request) => sandboxResume(processor, tx, request),
    applyOffer: (tx, request) => sandboxOffer(processor, tx, request),
  };
}
