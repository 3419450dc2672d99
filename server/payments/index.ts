// Picks the gateway from the configuration: Stripe when its secret key is set, the sandbox otherwise.
// The sandbox (a Stripe emulator with its own hosted pages) is imported here on demand and nowhere
// else, so a server with Stripe configured, which every production server is, never loads it.
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { MemberViews } from '../auth/member-view-cache.ts';
import type { Config } from '../config.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { Database } from '../db/index.ts';
import type { Mail } from '../mail/mailer.ts';
import { siteBrand } from '../site/brand.ts';
import type { PaymentGateway } from './gateway.ts';
import { PaymentProcessor } from './processor.ts';
import { stripeClient, stripeGateway } from './stripe-gateway.ts';

export interface Payments {
  gateway: PaymentGateway;
  processor: PaymentProcessor;
  /** Set only when Stripe is the gateway: it verifies the webhooks' signatures. */
  stripe?: { client: Stripe; webhookSecret: string };
  /** The gateway's own hosted pages, served by this server (the sandbox's). */
  hostedPages?: FastifyPluginAsync;
}

export async function createPayments(
  config: Config,
  db: Database,
  mail: Mail,
  views: MemberViews,
): Promise<Payments> {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    const client = stripeClient(config);
    return {
      gateway: stripeGateway(client, () => siteBrand(contentServiceFor(config), config.publicUrl)),
      processor: new PaymentProcessor(db, 'stripe', mail, config.publicUrl, views),
      stripe: { client, webhookSecret: config.STRIPE_WEBHOOK_SECRET },
    };
  }
  const processor = new PaymentProcessor(db, 'sandbox', mail, config.publicUrl, views);
  const { createSandbox } = await import('../sandbox/index.ts');
  const { gateway, hostedPages } = createSandbox({ config, db, processor });
  return { gateway, processor, hostedPages };
}
