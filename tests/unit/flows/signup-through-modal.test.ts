import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { STORED_USER_KEY } from '../../../src/lib/stored-user.ts';
import { NOW, user } from '../../machine/fixtures.ts';
import { accountStep, ok, startWith } from './flows.fixtures.ts';

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
