// The embedded gateway: its checkout, portal and plan-change pages are served by this API
// (sandbox.routes.ts) instead of by Stripe. What the pages send back are Stripe-shaped events
// (sandbox-events.ts), handed to the same processor as Stripe's.
import type { PaymentGateway } from '../payments/gateway.ts';

export function sandboxGateway(publicUrl: string): PaymentGateway {
  return {
    kind: 'sandbox',
    createCheckout: async ({ sessionId }) => ({
      url: `${publicUrl}/sandbox/checkout/${sessionId}`,
      gatewaySessionId: sessionId,
    }),
    createPortal: async ({ sessionId }) => ({ url: `${publicUrl}/sandbox/portal/${sessionId}` }),
    createPlanChange: async ({ sessionId }) => ({ url: `${publicUrl}/sandbox/portal/${sessionId}/change` }),
  };
}
