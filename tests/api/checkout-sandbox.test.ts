import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUserView } from '../../server/accounts/member-view.ts';
import { charges, checkoutSessions, subscriptions, users, webhookEvents } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember, userRow } from './fixtures.ts';
import { submitPage } from './hosted-pages.ts';
import { lastMailTo, login, type Member, PASSWORD, register } from './members.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const VALID_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DECLINED_CARD = { ...VALID_CARD, number: '4000 0000 0000 0002' };

async function startCheckout(
  member: Member,
  prices: string[],
  options: { route?: string; coupon?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/user/startGatewayStripeSession${options.coupon ? `?coupon=${options.coupon}` : ''}`,
    headers: { token: member.token },
    payload: { prices, trainerID: DEMO_TRAINER_ID, route: options.route ?? '/', campaign: null },
  });
  const body = expectContract(res, 'startCheckoutSession') as { url: string };
  expect(res.statusCode).toBe(201);
  return new URL(body.url).pathname;
}

const pay = (path: string, card: Record<string, string>) => submitPage(t.app, path, card);

async function customerOf(member: Member) {
  return (await toUserView(t.context.db, await userRow(t.context, member.id), member.token)).customer;
}

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

describe('a trial is not granted twice', () => {
  it('leaves only the newest subscription checkout payable, and sends a subscriber to a plan change', async () => {
    const member = await createMember(t.context);
    const earlier = await startCheckout(member, ['demo-trainer-price-annual']);
    const first = await startCheckout(member, ['demo-trainer-price-monthly']);
    await pay(first, VALID_CARD);
    expect((await customerOf(member)).charges).toHaveLength(0);

    // The older open checkout would have started a second subscription: it can no longer be paid.
    const stale = await pay(earlier, VALID_CARD);
    expect(stale.statusCode).toBe(410);
    const later = await startCheckout(member, ['demo-trainer-price-quarterly']);
    expect(later).toMatch(/^\/sandbox\/portal\/chg_[^/]+\/change$/);

    const customer = await customerOf(member);
    expect(customer.subscriptions.data.map((s) => [s.plan.id, s.status])).toEqual([
      ['demo-trainer-price-monthly', 'trialing'],
    ]);
    expect(customer.charges).toHaveLength(0);
  });
});

describe('fulfilment comes from events only', () => {
  it('starting a checkout and visiting the confirmation page grant nothing', async () => {
    const member = await createMember(t.context);
    await startCheckout(member, ['demo-trainer-price-weekly']);
    await t.app.inject({ method: 'GET', url: '/confirmation' });
    const customer = await customerOf(member);
    expect(customer.subscriptions.data).toHaveLength(0);
    expect(customer.charges).toHaveLength(0);
    expect(
      await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id)),
    ).toHaveLength(0);
    expect(await t.context.db.select().from(charges).where(eq(charges.userId, member.id))).toHaveLength(0);
  });
});

describe('sandbox billing portal', () => {
  it('lists the subscription, cancels it at period end through an event, and links back to the site', async () => {
    const member = await createMember(t.context);
    await pay(await startCheckout(member, ['demo-trainer-price-weekly']), VALID_CARD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID },
    });
    const { url } = expectContract(res, 'openBillingPortal') as { url: string };
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coaching Membership: Weekly');
    expect(page.body).toContain('href="http://site.test/profile/subscription"');
    const subscriptionId = /name="subscription" value="([^"]+)"/.exec(page.body)?.[1] ?? '';

    const cancel = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `subscription=${encodeURIComponent(subscriptionId)}`,
    });
    expect(cancel.statusCode).toBe(303);
    const customer = await customerOf(member);
    expect(customer.subscriptions.data[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const events = await t.context.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'customer.subscription.updated'));
    expect(events.length).toBeGreaterThan(0);
    const after = await t.app.inject({ method: 'GET', url: path });
    expect(after.body).toContain('Cancelled: ends on');
  });

  it("cannot cancel another member's subscription", async () => {
    const owner = await createMember(t.context);
    await pay(await startCheckout(owner, ['demo-trainer-price-weekly']), VALID_CARD);
    const [ownerSub] = await t.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, owner.id));
    const intruder = await createMember(t.context, { gatewayCustomerId: 'cus_sandbox_intruder' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token: intruder.token },
      payload: { trainerID: DEMO_TRAINER_ID },
    });
    const { url } = expectContract(res, 'openBillingPortal') as { url: string };
    await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `subscription=${ownerSub?.id}`,
    });
    const [after] = await t.context.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id));
    expect(after?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('hosted pages end with the sign-in session', () => {
  /** A registered member, subscribed, with a portal and a plan-change page opened from `token`. */
  async function openPages() {
    const member = await register(t.app);
    await t.context.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
    await pay(await startCheckout(member, ['demo-trainer-price-weekly']), VALID_CARD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID },
    });
    const portal = new URL((expectContract(res, 'openBillingPortal') as { url: string }).url).pathname;
    const change = await startCheckout(member, ['demo-trainer-price-monthly']);
    expect(change).toMatch(/\/change$/);
    const page = await t.app.inject({ method: 'GET', url: portal });
    expect(page.statusCode).toBe(200);
    const promise = /name="promise" value="([^"]+)"/.exec(
      (await t.app.inject({ method: 'GET', url: change })).body,
    )?.[1];
    expect(promise).toBeDefined();
    const subscription = /name="subscription" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    return { member, portal, change, promise: String(promise), subscription };
  }

  /** Both pages answer 410 with the reason, and posting them changes nothing. */
  async function expectEnded(pages: Awaited<ReturnType<typeof openPages>>) {
    for (const path of [pages.portal, pages.change]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(410);
      expect(res.body).toContain('This page ended when you signed out or your password changed');
    }
    const cancel = await submitPage(t.app, pages.portal, { subscription: pages.subscription });
    expect(cancel.statusCode).toBe(410);
    const confirm = await submitPage(t.app, pages.change, { promise: pages.promise });
    expect(confirm.statusCode).toBe(410);
    expect(confirm.body).toContain('This page ended when you signed out or your password changed');
    const [sub] = await t.context.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, pages.member.id));
    expect(sub).toMatchObject({ priceId: 'demo-trainer-price-weekly', cancelAtPeriodEnd: false });
    const [change] = await t.context.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, pages.change.split('/')[3] ?? ''));
    expect(change?.status).toBe('open');
  }

  it('ends when the member signs out', async () => {
    const pages = await openPages();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { token: pages.member.token },
    });
    expect(out.statusCode).toBe(200);
    await expectEnded(pages);
  });

  it('ends when the member changes the password, even in the session that changed it', async () => {
    const pages = await openPages();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${pages.member.id}/password`,
      headers: { token: pages.member.token },
      payload: { trainerID: DEMO_TRAINER_ID, oldPassword: PASSWORD, newPassword: 'a brand new pass' },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(pages);
  });

  it('ends when the password is reset', async () => {
    const pages = await openPages();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: pages.member.email, trainerID: DEMO_TRAINER_ID },
    });
    await t.context.background.settled();
    const { token } = await lastMailTo(t.app, pages.member.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'a reset password' },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(pages);
  });

  it('keeps working for a member still signed in, however many other sessions end', async () => {
    const pages = await openPages();
    const other = await login(t.app, pages.member.email, PASSWORD, DEMO_TRAINER_ID, { gateway: false });
    const otherToken = String(other.json().userToken);
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: otherToken } });
    expect((await t.app.inject({ method: 'GET', url: pages.portal })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pages.change })).statusCode).toBe(200);
  });
});
