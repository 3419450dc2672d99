// The sandbox's hosted pages end with the sign-in session: a sign-out, a password changed or reset;
// a member still signed in keeps them.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, subscriptions, users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { pay, sandboxCheckoutApp, startCheckout, t, VALID_CARD } from './checkout-sandbox.fixtures.ts';
import { expectContract } from './contract.ts';
import { submitPage } from './hosted-pages.ts';
import { lastMailTo, login, PASSWORD, register } from './members.ts';

sandboxCheckoutApp();

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
