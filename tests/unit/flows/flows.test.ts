import { describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, type AnyActorRef, createActor, SimulatedClock, waitFor } from 'xstate';
import type { CheckoutInput } from '../../../machines/checkout/checkout.types.ts';
import type { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import { call } from '../../../src/api/client.ts';
import { createSessionClient } from '../../../src/api/session-client.ts';
import { provideCheckout, provideEmailVerification, startAppFlows } from '../../../src/flows/flows.ts';
import { STORED_USER_KEY } from '../../../src/lib/stored-user.ts';
import { NOW, user } from '../../machine/fixtures.ts';
import { dependencies, effects, fakeApi, MemoryStorage } from './fake-api.ts';

const member = user({ token: 'stored-token' });

/** Step 1 of the open modal: the account step's own actor, which the forms talk to. */
function accountStep(modal: AnyActorRef | undefined): ActorRefFrom<typeof authStepMachine> {
  const step = modal?.getSnapshot().children.authStep;
  if (!step) throw new Error('the modal is not on step 1');
  return step as ActorRefFrom<typeof authStepMachine>;
}
const ok = (body: object, status = 200) => ({ status, body: { success: true, ...body } });
const fail = (status: number, message: string) => ({ status, body: { success: false, message } });

function startWith(routes: Parameters<typeof fakeApi>[0], stored?: object) {
  const api = fakeApi(routes);
  const fx = effects();
  if (stored) fx.storage.setItem(STORED_USER_KEY, JSON.stringify(stored));
  const flows = startAppFlows({
    ...fx,
    trainerId: 'trainer-1',
    baseUrl: 'http://site.test',
    fetch: api.fetch,
  });
  if (!flows.session) throw new Error('no session actor');
  return { ...flows, session: flows.session, fx, requests: api.requests };
}

describe('session flow with the real API client', () => {
  it('restores pcc-user and fetches the user again with its token', async () => {
    const fresh = user({ token: 'stored-token', email: 'fresh@example.com' });
    const { session, fx, requests } = startWith({ 'GET /api/user': () => ok({ user: fresh }) }, member);
    await waitFor(session, (s) => s.matches('signedIn'));
    expect(requests[0]?.token).toBe('stored-token');
    expect(requests[0]?.url.searchParams.get('gateway')).toBe('true');
    expect(JSON.parse(fx.storage.getItem(STORED_USER_KEY) ?? '{}').email).toBe('fresh@example.com');
    // A restored session identifies the member to the engagement service but is not a sign-in.
    expect(fx.engagement.identify).toHaveBeenCalledWith(fresh._id);
    expect(fx.analytics.send).not.toHaveBeenCalled();
    expect(fx.engagement.track).not.toHaveBeenCalled();
  });

  it('clears the user and the stored copy when the fetch fails, without a 500', async () => {
    const { session, fx } = startWith({ 'GET /api/user': () => fail(401, 'Session expired') }, member);
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(session.getSnapshot().context.user).toBeNull();
    expect(fx.storage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('keeps the stored member when the check gets no answer (network error, a request cancelled by leaving the page)', async () => {
    const { session, fx } = startWith(
      {
        'GET /api/user': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      member,
    );
    await waitFor(session, (s) => s.matches('waitingToRecheck'));
    expect(fx.storage.getItem(STORED_USER_KEY)).not.toBeNull();
    expect(fx.resetStore).not.toHaveBeenCalled();
  });

  it('logs in, then fetches the user by the returned userToken', async () => {
    const { session, requests, fx } = startWith({
      'POST /api/user/login': () => ok({ userToken: 'login-token' }),
      'GET /api/user': () => ok({ user: user({ token: 'login-token' }) }),
    });
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send({ type: 'auth.login', email: 'member@example.com', password: 'secret-pass' });
    await waitFor(session, (s) => s.matches('signedIn'));
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /api/user/login',
      'GET /api/user',
    ]);
    expect(requests[0]?.body).toEqual({
      email: 'member@example.com',
      password: 'secret-pass',
      trainerID: 'trainer-1',
    });
    expect(requests[1]?.token).toBe('login-token');
    expect(fx.analytics.send).toHaveBeenCalledExactlyOnceWith('sign_in', {});
    expect(fx.engagement.identify).toHaveBeenCalledBefore(fx.engagement.track);
    expect(fx.engagement.track).toHaveBeenCalledExactlyOnceWith('sign_in', {});
  });

  it('passes the server message of a failed login to the signup modal as sent', async () => {
    const { session, signupModal } = startWith({
      'POST /api/user/login': () => fail(401, 'Invalid email or password'),
    });
    await waitFor(session, (s) => s.matches('signedOut'));
    signupModal?.send({
      type: 'modal.open',
      modalType: 'login',
      offer: {
        kind: 'subscription',
        productId: null,
        plans: [],
        subscription: { productId: null, plans: [], headerText: null, subText: null, buttonText: null },
        enableEmailVerification: false,
        promoCode: null,
      },
      place: { path: '/', token: null, verified: false, coupon: null, campaign: null },
      user: null,
      now: NOW,
    });
    const step = accountStep(signupModal);
    step.send({ type: 'auth.submitLogin', email: 'member@example.com', password: 'wrong-pass' });
    const login = await waitFor(step, (s) => s.matches('login') && s.context.error !== null);
    expect(login.context.error).toBe('Invalid email or password');
  });

  it('signs the member out on a 401 from any call made with the session token', async () => {
    const { session, fx, deps } = startWith(
      {
        'GET /api/user': () => ok({ user: member }),
        'POST /api/user/resend-verification': () => fail(401, 'Session revoked'),
      },
      member,
    );
    await waitFor(session, (s) => s.matches('signedIn'));
    const result = await call(deps.api.POST('/api/user/resend-verification'));
    expect(result).toMatchObject({ ok: false, status: 401, message: 'Session revoked' });
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(fx.storage.getItem(STORED_USER_KEY)).toBeNull();
    expect(fx.resetStore).toHaveBeenCalled();
    expect(fx.clearSelectedOrder).toHaveBeenCalled();
    expect(fx.engagement.stop).toHaveBeenCalled();
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith('/');
  });

  it("keeps the member signed in when an emailed link's own token is refused", async () => {
    const { session, deps, fx } = startWith(
      {
        'GET /api/user': (request) =>
          request.headers.get('token') === 'stored-token' ? ok({ user: member }) : fail(401, 'Link expired'),
      },
      member,
    );
    await waitFor(session, (s) => s.matches('signedIn'));
    const result = await call(deps.api.GET('/api/user', { headers: { token: 'old-link-token' } }));
    expect(result).toMatchObject({ ok: false, status: 401 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    expect(fx.storage.getItem(STORED_USER_KEY)).not.toBeNull();
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('sends the stored token before the session has started, and hands it an early 401 once it connects', async () => {
    const stored = new MemoryStorage();
    stored.setItem(STORED_USER_KEY, JSON.stringify(member));
    const api = fakeApi({ 'POST /api/user/resend-verification': () => fail(401, 'Session revoked') });
    const client = createSessionClient({
      trainerId: 'trainer-1',
      baseUrl: 'http://site.test',
      fetch: api.fetch,
      storage: stored,
    });
    await call(client.api.POST('/api/user/resend-verification'));
    expect(api.requests[0]?.token).toBe('stored-token');
    const unauthorized = vi.fn();
    client.connectSession({ token: () => 'stored-token', unauthorized });
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('logs out: revokes the token, resets the store, clears the order, removes pcc-user, stops engagement', async () => {
    const { session, fx, requests } = startWith(
      {
        'GET /api/user': () => ok({ user: member }),
        'POST /api/user/logout': () => ok({ message: 'Signed out' }),
      },
      member,
    );
    await waitFor(session, (s) => s.matches('signedIn'));
    session.send({ type: 'auth.logout' });
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(requests.at(-1)).toMatchObject({ method: 'POST', token: 'stored-token' });
    expect(fx.storage.getItem(STORED_USER_KEY)).toBeNull();
    expect(fx.resetStore).toHaveBeenCalledOnce();
    expect(fx.clearSelectedOrder).toHaveBeenCalledOnce();
    expect(fx.engagement.stop).toHaveBeenCalledOnce();
    expect(fx.navigate).toHaveBeenCalledExactlyOnceWith('/');
  });
});

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

describe('restoring an unreadable pcc-user', () => {
  it('signs the visitor out and removes the stored copy, without calling the API', async () => {
    const { session, fx, requests } = startWith({}, { broken: true });
    await waitFor(session, (s) => s.matches('signedOut'));
    expect(fx.storage.getItem(STORED_USER_KEY)).toBeNull();
    expect(requests).toEqual([]);
  });
});

describe('signing up through the modal and the session', () => {
  it('registers with the current route, the verification setting and os_type, then shows check-your-inbox', async () => {
    const created = user({ email_verified: false });
    const { session, signupModal, requests, fx } = startWith({
      'POST /api/user/register': () => ok({ user: { ...created, token: '' }, token: 'new-session' }, 201),
    });
    await waitFor(session, (s) => s.matches('signedOut'));
    if (!signupModal) throw new Error('no modal actor');
    signupModal.send({
      type: 'modal.open',
      offer: {
        kind: 'subscription',
        productId: null,
        plans: [],
        subscription: { productId: null, plans: [], headerText: null, subText: null, buttonText: null },
        enableEmailVerification: true,
        promoCode: null,
      },
      place: {
        path: '/course/yoga',
        token: null,
        verified: false,
        coupon: null,
        campaign: null,
        locale: 'es',
      },
      user: null,
      now: NOW,
    });
    const step = accountStep(signupModal);
    step.send({
      type: 'auth.submitSignup',
      name: 'Ana',
      email: 'ana@example.com',
      password: 'secret-pass',
    });
    await waitFor(step, (s) => s.hasTag('dialog:checkInbox'));
    expect(requests[0]?.body).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'secret-pass',
      currentRoute: '/course/yoga',
      enableEmailVerification: true,
      locale: 'es',
      os_type: 'Unknown',
      trainerID: 'trainer-1',
    });
    expect(session.getSnapshot().context.user?.token).toBe('new-session');
    expect(JSON.parse(fx.storage.getItem(STORED_USER_KEY) ?? '{}').token).toBe('new-session');
    // The event says what happened; who it was goes only to the engagement service, as its user.
    expect(fx.analytics.send).toHaveBeenCalledExactlyOnceWith('sign_up', {});
    expect(fx.engagement.identify).toHaveBeenCalledWith('u1');
    expect(fx.engagement.track).toHaveBeenCalledWith('sign_up', {});
  });
});
