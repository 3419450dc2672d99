// The sandbox's hosted checkout page end to end: what it shows, in the member's language, paid with
// 4242 or the wallet button, declined with 0002, paid once only, an unknown id answered with a page.

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, webhookEvents } from '../../server/db/schema.ts';
import {
  customerOf,
  DECLINED_CARD,
  pay,
  sandboxCheckoutApp,
  startCheckout,
  t,
  VALID_CARD,
} from './checkout-sandbox.fixtures.ts';
import { createMember, userRow } from './fixtures.ts';

sandboxCheckoutApp();

describe('sandbox checkout, end to end', () => {
  it('shows the items, the trial, the discount and the total, under a strict CSP without inline scripts', async () => {
    const member = await createMember(t.context);
    const path = await startCheckout(member, ['demo-trainer-price-monthly'], { coupon: 'WELCOME10' });
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Coaching Membership: Monthly');
    expect(page.body).toContain('$29.99 per month');
    expect(page.body).toContain('7-day free trial');
    expect(page.body).toContain('Discount (WELCOME10)');
    // The column in one format: '$29.99', '−$3.00' and '$0.00', never '−$3' or '$0' among cents.
    expect(page.body).toContain('<td class="amount">−$3.00</td>');
    expect(page.body).toMatch(/id="total" data-amount="0"[^>]*>\$0\.00</);
    // WELCOME10 is a once coupon: it takes 10% off the first charge, at the end of the trial.
    expect(page.body).toMatch(/Then \$26\.99 on [A-Z][a-z]+ \d+, \d{4}, and \$29\.99 per month after that/);
    expect(page.body).not.toContain('<script');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://site.test");
    expect(csp).not.toContain('unsafe-inline');
    // The browser applies the page's style blocks (the sheet, the brand's colours) only if the policy
    // names their exact hashes.
    const styles = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(styles).toHaveLength(2);
    for (const style of styles) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    }
  });

  it('is in Spanish for a member whose locale is es', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    const path = await startCheckout(member, ['demo-trainer-price-challenge']);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('Pago seguro');
    expect(page.body).toContain('Total a pagar hoy');
  });

  it('with 4242 starts the trial subscription, charges nothing now and redirects to {site}{route}/confirmation', async () => {
    const member = await createMember(t.context);
    const path = await startCheckout(member, ['demo-trainer-price-monthly']);
    expect((await customerOf(member)).subscriptions.data).toHaveLength(0);

    const res = await pay(path, VALID_CARD);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://site.test/confirmation');

    const customer = await customerOf(member);
    expect(customer.subscriptions.data).toHaveLength(1);
    expect(customer.subscriptions.data[0]).toMatchObject({
      status: 'trialing',
      plan: { id: 'demo-trainer-price-monthly' },
      cancel_at_period_end: false,
    });
    expect(customer.subscriptions.data[0]?.trial_end).not.toBeNull();
    expect(customer.charges).toHaveLength(0);
    const user = await userRow(t.context, member.id);
    expect(user.hadTrial).toBe(true);
    expect(user.gatewayCustomerId).toMatch(/^cus_sandbox_/);
    const events = await t.context.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.gateway, 'sandbox'));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
  });

  it('with 4242 on a plan without a trial gives an active subscription and a charge of the discounted amount', async () => {
    const member = await createMember(t.context);
    const path = await startCheckout(member, ['demo-trainer-price-weekly'], { coupon: 'WELCOME10' });
    expect((await pay(path, VALID_CARD)).statusCode).toBe(303);
    const customer = await customerOf(member);
    expect(customer.subscriptions.data[0]).toMatchObject({
      status: 'active',
      plan: { id: 'demo-trainer-price-weekly' },
    });
    expect(customer.charges).toHaveLength(1);
    expect(customer.charges[0]).toMatchObject({
      amount: 1349,
      currency: 'usd',
      paid: true,
      refunded: false,
      payment_method: 'Visa •••• 4242',
      description: 'Coaching Membership',
      invoice: { lines: { data: [{ price: { id: 'demo-trainer-price-weekly' } }] } },
    });
  });

  it('with 4242 on a challenge records a charge and redirects to the challenge confirmation', async () => {
    const member = await createMember(t.context);
    const path = await startCheckout(member, ['demo-trainer-price-challenge'], {
      route: '/challenge/30-day-shred',
    });
    const res = await pay(path, VALID_CARD);
    expect(res.headers.location).toBe('http://site.test/challenge/30-day-shred/confirmation');
    const customer = await customerOf(member);
    expect(customer.subscriptions.data).toHaveLength(0);
    expect(customer.charges.map((c) => [c.amount, c.invoice.lines.data[0]?.price.id, c.description])).toEqual(
      [[4900, 'demo-trainer-price-challenge', '30-Day Shred']],
    );
  });

  it('pays with the wallet button as 4242 pays, with no card typed, on the quote the page showed', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    const path = await startCheckout(member, ['demo-trainer-price-weekly'], { coupon: 'WELCOME10' });
    const page = await t.app.inject({ method: 'GET', url: path });
    // Inside the checkout's form, so it carries the quote's digest; no card field is required of it.
    expect(page.body).toMatch(
      /<form method="post"[^>]*>\s*<input type="hidden" name="promise"[^>]*>\s*<button type="submit" class="wallet" name="wallet" value="pay" formnovalidate>Monedero: Apple Pay/,
    );
    expect((await pay(path, { wallet: 'pay' })).statusCode).toBe(303);
    const customer = await customerOf(member);
    expect(customer.subscriptions.data[0]).toMatchObject({ status: 'active' });
    // 14.99 less 10 %: 13.49, what the page promised, paid from the wallet's card.
    expect(customer.charges.map((c) => [c.amount, c.payment_method])).toEqual([[1349, 'Visa •••• 4242']]);
    // Anything but the button's own value is no wallet: the card fields are asked for.
    const other = await startCheckout(await createMember(t.context), ['demo-trainer-price-weekly']);
    const refused = await pay(other, { wallet: 'yes' });
    expect(refused.statusCode).toBe(400);
  });

  it('with 4000 0000 0000 0002 is declined with a message and records nothing', async () => {
    const member = await createMember(t.context);
    const path = await startCheckout(member, ['demo-trainer-price-weekly']);
    const eventsBefore = await t.context.db.select().from(webhookEvents);
    const res = await pay(path, DECLINED_CARD);
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined');
    const customer = await customerOf(member);
    expect(customer.subscriptions.data).toHaveLength(0);
    expect(customer.charges).toHaveLength(0);
    expect(await t.context.db.select().from(webhookEvents)).toHaveLength(eventsBefore.length);
    const [session] = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, path.split('/').pop() ?? ''));
    expect(session?.status).toBe('open');
    expect((await userRow(t.context, member.id)).gatewayCustomerId).toBeNull();
  });

  it.each([
    ['another card number', { ...VALID_CARD, number: '5555 5555 5555 4444' }, 'only accepts the test cards'],
    ['letters for a number', { ...VALID_CARD, number: 'abcd' }, 'card number of 12 to 19 digits'],
    ['a past expiry date', { ...VALID_CARD, expiry: '01/20' }, 'This card has expired'],
    ['a malformed expiry date', { ...VALID_CARD, expiry: '13/40' }, 'expiry date as MM/YY'],
    ['a missing CVC', { number: VALID_CARD.number, expiry: VALID_CARD.expiry }, '3 or 4 digit CVC'],
  ])('refuses %s with a clear message and records nothing', async (_name, card, message) => {
    const member = await createMember(t.context);
    const path = await startCheckout(member, ['demo-trainer-price-course']);
    const res = await pay(path, card);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect((await customerOf(member)).charges).toHaveLength(0);
  });

  it('cannot be paid twice', async () => {
    const member = await createMember(t.context);
    const path = await startCheckout(member, ['demo-trainer-price-course']);
    const [first, second] = await Promise.all([pay(path, VALID_CARD), pay(path, VALID_CARD)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([303, 409]);
    const again = await pay(path, VALID_CARD);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already been paid');
    expect((await customerOf(member)).charges).toHaveLength(1);
  });

  it('answers 404 with a page for an unknown checkout id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This payment link is not valid');
  });
});
