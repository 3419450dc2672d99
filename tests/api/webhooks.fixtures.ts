// The Stripe webhook files' app: on the Stripe path with a signing secret and no reachable Stripe (a
// closed port makes any call fail loudly), a second trainer seeded; and Stripe's signed deliveries
// of the subscription events those files send.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { subscriptions, webhookEvents } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import type { Member } from './members.ts';

export const WEBHOOK_SECRET = 'whsec_webhooktests';

export const stripe = new Stripe('sk_test_signing_only');

export let t: TestApp;

export const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export const now = () => Math.floor(Date.now() / 1000);

/** Stripe's event of `type` about an invoice of a fresh id, `invoice` its other fields. */
export function invoiceEvent(type: string, invoice: Record<string, unknown>) {
  return { id: id('evt'), type, created: now(), data: { object: { id: id('in'), ...invoice } } };
}

export function deliver(
  event: object,
  options: { secret?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: options.tamper ? payload.replace('"active"', '"canceled"') : payload,
  });
}

export function subscriptionEvent(
  member: Member,
  input: {
    type?: string;
    subscriptionId: string;
    created: number;
    status?: string;
    cancel?: boolean;
    priceId?: string;
  },
) {
  return {
    id: id('evt'),
    object: 'event',
    type: input.type ?? 'customer.subscription.created',
    created: input.created,
    data: {
      object: {
        id: input.subscriptionId,
        object: 'subscription',
        customer: 'cus_test',
        status: input.status ?? 'active',
        cancel_at_period_end: input.cancel ?? false,
        trial_end: null,
        items: { data: [{ current_period_end: input.created + 7 * 86400 }] },
        metadata: {
          trainerId: member.trainerId,
          userId: member.id,
          priceIds: input.priceId ?? 'demo-trainer-price-weekly',
        },
      },
    },
  };
}

export async function recordedEvents(eventId: string) {
  return t.context.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
}

export async function subscriptionRow(subscriptionId: string) {
  const [row] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row;
}

/** Starts the app (and seeds the second trainer) before the calling file's tests, closes it after. */
export function appOnStripeWebhooks(): void {
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_offline',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Nothing here calls Stripe: a closed port makes any call fail loudly.
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    await seedTrainer(t.context.db, { id: 'other-trainer', name: 'Other Trainer' });
  });
  afterAll(() => t.close());
}
