// Invoices on the Stripe path (decision 154): where Stripe issued its own invoice of a charge, the
// member's list and the receipt link Stripe's hosted invoice and PDF under Stripe's number, and the
// site's record of it states the amounts Stripe's invoice does. Events arrive signed, as Stripe sends
// them; the stub stands for Stripe's API, which none of this calls.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../server/db/schema.ts';
import type { TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import type { Member } from './members.ts';
import { appOnStripeStub } from './stripe-app.ts';

const KEY = 'sk_test_invoices';
const WEBHOOK_SECRET = 'whsec_invoicetests';
let t: TestApp;
const deliver = appOnStripeStub(KEY, WEBHOOK_SECRET, (app) => {
  t = app;
});

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's invoice of a weekly renewal: 14.99 less a 1.50 discount, 13.49 paid. */
function paidInvoice(member: Member, subscriptionId: string, stripeInvoice: Record<string, unknown>) {
  const start = now();
  return {
    id: id('evt'),
    object: 'event',
    type: 'invoice.paid',
    created: start,
    data: {
      object: {
        id: id('in'),
        object: 'invoice',
        amount_paid: 1349,
        billing_reason: 'subscription_cycle',
        lines: { data: [{ amount: 1499, proration: false, period: { start, end: start + 7 * 86400 } }] },
        parent: {
          subscription_details: {
            subscription: subscriptionId,
            metadata: {
              trainerId: member.trainerId,
              userId: member.id,
              priceIds: 'demo-trainer-price-weekly',
            },
          },
        },
        ...stripeInvoice,
      },
    },
  };
}

async function listed(member: Member) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/invoices',
    headers: { token: member.token },
  });
  expectContract(res, 'listInvoices');
  return (res.json() as { invoices: Record<string, unknown>[] }).invoices;
}

async function receiptText(member: Member) {
  const [user] = await t.context.db.select().from(users).where(eq(users.id, member.id));
  const mails = await t.context.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, user?.email ?? ''));
  return mails.find((m) => /receipt/.test(m.subject))?.text ?? '';
}

describe('Stripe’s own invoices', () => {
  it('are linked in the list and the receipt under Stripe’s number, with the amount Stripe charged', async () => {
    const member = await createMember(t.context);
    const hosted = 'https://invoice.stripe.com/i/acct_test/live_abc';
    const pdf = 'https://pay.stripe.com/invoice/acct_test/live_abc/pdf';
    const event = paidInvoice(member, id('sub'), {
      number: 'A1B2C3D4-0007',
      hosted_invoice_url: hosted,
      invoice_pdf: pdf,
    });
    expect((await deliver(event)).statusCode).toBe(200);
    const [invoice] = await listed(member);
    expect(invoice).toMatchObject({
      series: 'invoice',
      number: 'A1B2C3D4-0007',
      total: event.data.object.amount_paid,
      currency: 'usd',
      pdfUrl: pdf,
      hostedUrl: hosted,
    });
    const receipt = await receiptText(member);
    expect(receipt).toContain('Amount paid: $13.49');
    expect(receipt).toContain('Invoice: A1B2C3D4-0007');
    expect(receipt).toContain(`Download the invoice (PDF): ${pdf}`);

    // The site's own rendering of the same record states Stripe's figures: the line, the discount
    // Stripe took (14.99 − 13.49 = 1.50), the total, and Stripe's number.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/user/invoices/${String(invoice?.id)}/pdf`,
      headers: { token: member.token },
    });
    expect(own.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(own.rawPayload)), {
      mergePages: true,
    });
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('Number: A1B2C3D4-0007');
    expect(words).toContain('Subtotal $14.99');
    expect(words).toContain('Discount -$1.50');
    expect(words).toContain('Total paid $13.49');
  });

  it('falls back to the site’s PDF where Stripe sent none, or an address that is not a web address', async () => {
    const member = await createMember(t.context);
    const event = paidInvoice(member, id('sub'), { number: null, hosted_invoice_url: 'javascript:alert(1)' });
    expect((await deliver(event)).statusCode).toBe(200);
    const [invoice] = await listed(member);
    expect(invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(invoice?.hostedUrl).toBeNull();
    expect(invoice?.pdfUrl).toBe(`http://site.test/api/user/invoices/${String(invoice?.id)}/pdf`);
    expect(await receiptText(member)).toContain(`Invoice: ${String(invoice?.number)}`);
  });
});
