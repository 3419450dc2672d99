// Stripe's webhooks: each event, once its signature holds, goes to the processor
// (server/payments/processor.ts), which is what grants or ends anything a member pays for.
import fastifyRawBody from 'fastify-raw-body';
import type { AreaPlugin } from '../context.ts';
import { badRequest } from '../errors.ts';

const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhooksArea: AreaPlugin = async (app, { context }) => {
  const { payments } = context;
  // Stripe signs the exact bytes it sent, not the JSON they parse to; only the webhook keeps them,
  // so every other route parses its body as usual and holds no second copy.
  await app.register(fastifyRawBody, { global: false, encoding: 'utf8' });
  app.operations(
    {
      stripeWebhook: async (request) => {
        const { stripe } = payments;
        if (!stripe) throw badRequest('events.notStripe');
        const signature = request.headers['stripe-signature'];
        let event: unknown;
        try {
          event = stripe.client.webhooks.constructEvent(
            request.rawBody ?? '',
            signature ?? '',
            stripe.webhookSecret,
            WEBHOOK_TOLERANCE_SECONDS,
          );
        } catch {
          throw badRequest('events.signatureMismatch');
        }
        // Stripe's check refuses only old timestamps; one from the future is as suspect.
        const signedAt = Number(/(?:^|,)t=(\d+)/.exec(String(signature))?.[1]);
        if (!(signedAt * 1000 <= Date.now() + WEBHOOK_TOLERANCE_SECONDS * 1000)) {
          throw badRequest('events.signatureFuture');
        }
        await payments.processor.process(event);
        return { received: true };
      },
    },
    { rawBody: ['stripeWebhook'] },
  );
};
