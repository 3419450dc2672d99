// The operator's refund and cancellation when Stripe is the gateway (decision 120), tested offline:
// the SDK is pointed at a local stub that records each request. Stripe is asked, with an idempotency
// key, and nothing is written to the charge or the subscription: Stripe's webhook records the result,
// so the answer says it is pending. The audit row names what Stripe answered.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids.ts';
import { adminAudit, charges, subscriptions } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { OperationId } from '../../server/http/contract.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { createMember } from './fixtures.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'stripe-members-admin-token-long-enough-0123';
const headers = { 'admin-token': TOKEN, 'admin-actor': 'Marta' };
const base = `/api/admin/trainers/${DEMO_TRAINER_ID}`;
const WEEKLY = `${DEMO_TRAINER_ID}-price-weekly`;

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}
const requests: Recorded[] = [];
let stub: Server;
let t: TestApp;
/** When set, the stub answers like a Stripe outage. */
let stripeDown = false;

function answer(req: Recorded): { status: number; body: unknown } {
  if (stripeDown) return { status: 500, body: { error: { type: 'api_error', message: 'down' } } };
  if (req.path.startsWith('/v1/invoice_payments?')) {
    return {
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: 'inpay_1',
            object: 'invoice_payment',
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: 'pi_stub' },
          },
        ],
      },
    };
  }
  if (req.path === '/v1/refunds') {
    if (req.form.charge === 'ch_refunded_at_stripe') {
      return {
        status: 400,
        body: {
          error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'refunded' },
        },
      };
    }
    return { status: 200, body: { id: 're_stub', object: 'refund', status: 'succeeded' } };
  }
  if (req.path.startsWith('/v1/subscriptions/')) {
    const id = req.path.split(/[/?]/)[3];
    return {
      status: 200,
      body: { id, object: 'subscription', status: req.method === 'DELETE' ? 'canceled' : 'active' },
    };
  }
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `No stub for ${req.path}` } },
  };
}

beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(body)),
      };
      requests.push(recorded);
      const { status, body: json } = answer(recorded);
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const { port } = stub.address() as AddressInfo;
  t = await startTestApp({
    env: {
      ...TEST_ENV,
      ADMIN_TOKEN: TOKEN,
      STRIPE_SECRET_KEY: 'sk_test_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_offline',
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      STRIPE_TIMEOUT_MS: '2000',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stub.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  stripeDown = false;
});

const request = adminCalls(() => t, headers);
const call = (op: OperationId, url: string, payload: object = {}) => request(op, 'POST', url, payload);

/** A member's charge as Stripe's events recorded it: a subscription's under its invoice, else the charge. */
async function chargeRow(id: string) {
  const member = await createMember(t.context);
  await t.context.db.insert(charges).values({
    id,
    trainerId: DEMO_TRAINER_ID,
    userId: member.id,
    priceId: WEEKLY,
    amount: 1499,
    currency: 'usd',
    paid: true,
    paymentMethod: 'Visa •••• 4242',
    description: 'Coaching Membership',
    invoiceId: id.startsWith('in_') ? id : null,
  });
  return member;
}

const rowOf = async (id: string) => (await t.context.db.select().from(charges).where(eq(charges.id, id)))[0];

describe('refunds through Stripe', () => {
  it('refunds a subscription’s invoice by its payment, with the idempotency key, and leaves the row to the webhook', async () => {
    const id = `in_${newId('stub')}`;
    await chargeRow(id);
    const { res, body } = await call('adminRefundCharge', `${base}/charges/${id}/refund`);
    expect(res.statusCode).toBe(200);
    expect(body).toMatchObject({ pending: true, charge: { id, refunded: false } });
    expect(requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /v1/invoice_payments',
      'POST /v1/refunds',
    ]);
    expect(requests[0]?.path).toContain(`invoice=${id}`);
    expect(requests[1]?.headers['idempotency-key']).toBe(`refund-${id}`);
    expect(requests[1]?.form).toMatchObject({
      payment_intent: 'pi_stub',
      amount: '1499',
      'metadata[chargeId]': id,
    });
    expect((await rowOf(id))?.refunded).toBe(false);
    const [audit] = await t.context.db.select().from(adminAudit).where(eq(adminAudit.subject, id));
    expect(audit?.after).toMatchObject({
      refunded: false,
      gateway: { gatewayId: 're_stub', recorded: false },
    });

    // A retry before the webhook sends the same key: Stripe makes no second refund.
    requests.length = 0;
    expect((await call('adminRefundCharge', `${base}/charges/${id}/refund`)).res.statusCode).toBe(200);
    expect(requests[1]?.headers['idempotency-key']).toBe(`refund-${id}`);
  });

  it('records the refund when Stripe’s refund event comes, found by the charge its metadata names', async () => {
    const id = `in_${newId('stub')}`;
    const member = await chargeRow(id);
    expect((await call('adminRefundCharge', `${base}/charges/${id}/refund`)).res.statusCode).toBe(200);
    const metadata = requests[1]?.form ?? {};
    const refundEvent = (eventId: string, amount: number, trainerId = metadata['metadata[trainerId]']) => ({
      id: eventId,
      type: 'refund.updated',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 're_stub',
          object: 'refund',
          amount,
          status: 'succeeded',
          metadata: { chargeId: id, trainerId, userId: member.id },
        },
      },
    });
    const { processor } = t.context.payments;
    // Not the whole charge, or another trainer's: nothing recorded.
    expect(await processor.process(refundEvent('evt_part', 1000))).toBe('ignored');
    expect(await processor.process(refundEvent('evt_other', 1499, 'other-trainer'))).toBe('ignored');
    expect((await rowOf(id))?.refunded).toBe(false);

    expect(await processor.process(refundEvent('evt_whole', 1499))).toBe('processed');
    expect(await rowOf(id)).toMatchObject({ refunded: true, amount: 1499 });
    const again = await call('adminRefundCharge', `${base}/charges/${id}/refund`);
    expect(again.res.statusCode).toBe(409);
    expect(again.body.message).toBe(`Charge ${id} is already refunded`);
  });

  it('refunds a one-time charge as the Stripe charge; one Stripe refunded already is a 409', async () => {
    const id = `ch_${newId('stub')}`;
    await chargeRow(id);
    expect((await call('adminRefundCharge', `${base}/charges/${id}/refund`)).res.statusCode).toBe(200);
    expect(requests.map((r) => r.path)).toEqual(['/v1/refunds']);
    expect(requests[0]?.form).toMatchObject({ charge: id, amount: '1499' });

    await chargeRow('ch_refunded_at_stripe');
    const refused = await call('adminRefundCharge', `${base}/charges/ch_refunded_at_stripe/refund`);
    expect(refused.res.statusCode).toBe(409);
    expect(refused.body.message).toBe('Charge ch_refunded_at_stripe is already refunded');
    const audited = await t.context.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subject, 'ch_refunded_at_stripe'));
    expect(audited).toEqual([]);
  });

  it('answers a Stripe outage with a 502 to retry, auditing nothing', async () => {
    const id = `ch_${newId('stub')}`;
    await chargeRow(id);
    stripeDown = true;
    const { res } = await call('adminRefundCharge', `${base}/charges/${id}/refund`);
    expect(res.statusCode).toBe(502);
    expect(await t.context.db.select().from(adminAudit).where(eq(adminAudit.subject, id))).toEqual([]);
  });
});

describe('cancellations through Stripe', () => {
  it('sets cancel_at_period_end, or cancels without proration, each with its key; the rows wait for the webhook', async () => {
    const member = await createMember(t.context);
    const id = `sub_${newId('stub')}`;
    const lastEventAt = new Date('2026-11-20T10:00:00Z');
    await t.context.db.insert(subscriptions).values({
      id,
      trainerId: DEMO_TRAINER_ID,
      userId: member.id,
      priceId: WEEKLY,
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 5 * 86_400_000),
      lastEventAt,
    });

    const later = await call('adminCancelSubscription', `${base}/subscriptions/${id}/cancel`, {
      atPeriodEnd: true,
    });
    expect(later.res.statusCode).toBe(200);
    expect(later.body).toMatchObject({ pending: true, subscription: { id, cancelAtPeriodEnd: false } });
    expect(requests[0]).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${id}` });
    expect(requests[0]?.form).toEqual({ cancel_at_period_end: 'true' });
    expect(requests[0]?.headers['idempotency-key']).toBe(`cancel-${id}-period-end-0`);

    requests.length = 0;
    const now = await call('adminCancelSubscription', `${base}/subscriptions/${id}/cancel`);
    expect(now.res.statusCode).toBe(200);
    expect(requests[0]?.method).toBe('DELETE');
    expect(requests[0]?.path.split('?')[0]).toBe(`/v1/subscriptions/${id}`);
    const sent = {
      ...Object.fromEntries(new URL(requests[0]?.path ?? '', 'http://x').searchParams),
      ...requests[0]?.form,
    };
    expect(sent).toEqual({ prorate: 'false' });
    expect(requests[0]?.headers['idempotency-key']).toBe(`cancel-${id}-now-0`);
    const [row] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });
});
