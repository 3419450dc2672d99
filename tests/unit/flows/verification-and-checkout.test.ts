import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { CheckoutInput } from '../../../machines/checkout/checkout.types.ts';
import { provideCheckout, provideEmailVerification } from '../../../src/flows/flows.ts';
import { user } from '../../machine/fixtures.ts';
import { dependencies, fakeApi } from './fake-api.ts';
import { fail, ok } from './flows.fixtures.ts';

describe('email verification flow with the real API client', () => {
  const unverified = user({ email_verified: false, token: 'fresh-session' });

  it('fetches the user by the link token, marks it verified and continues after 3 s', async () => {
    const { fetch, requests } = fakeApi({
      'GET /api/user': () => ok({ user: unverified }),
      'PUT /api/user/u1': () => ok({ user: { ...unverified, email_verified: true, token: 'other' } }),
    });
    const clock = new SimulatedClock();
    const actor = createActor(provideEmailVerification(dependencies(fetch, 'session')), {
      input: { token: 'link-token', verified: false, enabled: true },
      clock,
    });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('view:emailVerified'));
    expect(requests.map((r) => [r.method, r.token])).toEqual([
      ['GET', 'link-token'],
      ['PUT', 'link-token'],
    ]);
    expect(requests[1]?.body).toMatchObject({ user: { email_verified: true } });
    clock.increment(3000);
    expect(actor.getSnapshot().output?.user).toMatchObject({ email_verified: true, token: 'fresh-session' });
  });

  it("ends with 'signup.emailVerificationFailed' when the update throws 'Failed to verify email'", async () => {
    const { fetch } = fakeApi({
      'GET /api/user': () => ok({ user: unverified }),
      'PUT /api/user/u1': () => fail(403, 'Forbidden'),
    });
    const actor = createActor(provideEmailVerification(dependencies(fetch)), {
      input: { token: 'link-token', verified: false, enabled: true },
    });
    const errors: unknown[] = [];
    actor.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.event.type.startsWith('xstate.error.actor')) {
        errors.push((event.event as { error?: Error }).error?.message);
      }
    });
    actor.start();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output?.error).toBe('signup.emailVerificationFailed');
    expect(errors).toContain('Failed to verify email');
  });
});

describe('checkout flow with the real API client', () => {
  const input: CheckoutInput = {
    prices: ['price_annual', null],
    productId: 'prod_1',
    emailVerified: true,
    route: '/challenge/summer',
    couponFromUrl: null,
    promoCode: 'PROMO5',
    campaign: null,
  };

  it('starts the session with the coupon, present prices, route and campaign, redirects and navigates', async () => {
    const { fetch, requests } = fakeApi({
      'POST /api/user/startGatewayStripeSession': () => ok({ url: 'https://pay.test/s/1' }, 201),
    });
    const deps = dependencies(fetch, 'session');
    const clock = new SimulatedClock();
    const actor = createActor(provideCheckout(deps), { input, clock });
    actor.start();
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(requests[0]?.url.searchParams.get('coupon')).toBe('PROMO5');
    expect(requests[0]?.body).toEqual({
      prices: ['price_annual'],
      route: '/challenge/summer',
      campaign: null,
      trainerID: 'trainer-1',
    });
    const attempt = { price: 'price_annual', product: 'prod_1', coupon: 'PROMO5' };
    expect(deps.analytics.send).toHaveBeenCalledWith('checkout_attempt', attempt);
    expect(deps.engagement.track).toHaveBeenCalledWith('checkout_attempt', attempt);
    expect(deps.redirect).toHaveBeenCalledWith('https://pay.test/s/1');
    expect(deps.navigate).toHaveBeenCalledWith('/challenge/summer/confirmation');
    clock.increment(2000);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('swallows a failed start and still navigates to the confirmation page', async () => {
    const { fetch } = fakeApi({
      'POST /api/user/startGatewayStripeSession': () => fail(400, 'Unknown price'),
    });
    const deps = dependencies(fetch, 'session');
    const actor = createActor(provideCheckout(deps), { input: { ...input, route: '/' } });
    actor.start();
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(deps.redirect).not.toHaveBeenCalled();
    expect(deps.navigate).toHaveBeenCalledWith('/confirmation');
  });

  it('blocks checkout until the email is verified, without calling the API', async () => {
    const { fetch, requests } = fakeApi({});
    const actor = createActor(provideCheckout(dependencies(fetch)), {
      input: { ...input, emailVerified: false },
    });
    actor.start();
    expect(actor.getSnapshot().output?.error).toBe('Please verify your email before proceeding to checkout');
    expect(requests).toEqual([]);
  });
});
