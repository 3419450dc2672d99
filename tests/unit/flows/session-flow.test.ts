import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { CLOSED_CONTEXT } from '../../../machines/signup-modal/signup-modal.setup.ts';
import { call } from '../../../src/api/client.ts';
import { createSessionClient } from '../../../src/api/session-client.ts';
import { STORED_USER_KEY } from '../../../src/lib/stored-user.ts';
import { NOW, user } from '../../machine/fixtures.ts';
import { fakeApi, MemoryStorage } from './fake-api.ts';
import { accountStep, fail, member, ok, startWith } from './flows.fixtures.ts';

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
      // The closed modal's own offer and place: nothing on sale, opened on the home page.
      offer: CLOSED_CONTEXT.offer,
      place: CLOSED_CONTEXT.place,
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
