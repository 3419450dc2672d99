import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import { MODAL_ERRORS, type Offer, type Place } from '../../../machines/signup-modal/signup-modal.types.ts';

type SignupModalSnapshot = SnapshotFrom<typeof signupModalMachine>;

import { NOW, plan, subscriber, user } from '../fixtures.ts';
import { describeModel } from '../model.ts';

const place: Place = { path: '/', token: null, verified: false, coupon: 'URL10', campaign: null };
const subscriptionOffer: Offer = {
  kind: 'subscription',
  productId: 'prod_sub',
  plans: [],
  annualPlanId: 'price_annual',
  subscription: {
    productId: 'prod_sub',
    plans: [plan('price_monthly'), plan('price_annual', { interval: 'year' })],
    headerText: null,
    subText: null,
    buttonText: null,
  },
  enableEmailVerification: false,
  promoCode: null,
};
const challengeOffer: Offer = {
  ...subscriptionOffer,
  kind: 'challenge',
  productId: 'prod_challenge',
  plans: [plan('price_challenge', { type: 'one_time', interval: null, interval_count: null })],
  enableEmailVerification: true,
};
const courseOffer: Offer = {
  ...challengeOffer,
  kind: 'course',
  productId: 'prod_course',
  plans: [
    plan('price_course_small', { type: 'one_time', amount: 1000 }),
    plan('price_course_big', { type: 'one_time', amount: 5000 }),
  ],
};
const verifiedMember = user();
const unverifiedMember = user({ email_verified: false });
const monthlySubscriber = subscriber('monthly');

/** What the modal's guards read; snapshots that agree on it behave alike. */
function stateKey(snapshot: SignupModalSnapshot) {
  const { context } = snapshot;
  return {
    modalType: context.modalType,
    offer: [context.offer.kind, context.offer.enableEmailVerification, context.offer.plans.length],
    link: Boolean(context.place.token),
    user: context.user && [context.user.email_verified, context.user.customer.subscriptions.data.length],
    plan: context.selectedOrder?.plan ?? null,
    error: context.error,
  };
}

const samples = {
  'modal.open': [
    { type: 'modal.open', offer: subscriptionOffer, place, user: null, now: NOW },
    { type: 'modal.open', modalType: 'login', offer: challengeOffer, place, user: null, now: NOW },
    { type: 'modal.open', step: 2, offer: courseOffer, place, user: verifiedMember, now: NOW },
    // A visitor opened on the plans (the spec's initialModalStep), whose back arrow leads to step 1.
    { type: 'modal.open', step: 3, offer: subscriptionOffer, place, user: null, now: NOW },
    {
      type: 'modal.open',
      modalType: 'login',
      step: 3,
      offer: subscriptionOffer,
      place,
      user: null,
      now: NOW,
    },
    { type: 'modal.open', step: 2, offer: challengeOffer, place, user: null, now: NOW },
    { type: 'modal.open', modalType: 'login', step: 2, offer: challengeOffer, place, user: null, now: NOW },
    // A signed-in member opening the modal (the banner, a challenge page, the profile).
    { type: 'modal.open', offer: subscriptionOffer, place, user: verifiedMember, now: NOW },
    // A signed-in member following a verification link.
    {
      type: 'modal.open',
      offer: { ...subscriptionOffer, enableEmailVerification: true },
      place: { ...place, token: 'link-token' },
      user: verifiedMember,
      now: NOW,
    },
    // A signed-in member whose email is unverified, on a site that verifies emails.
    { type: 'modal.open', offer: challengeOffer, place, user: unverifiedMember, now: NOW },
    {
      type: 'modal.open',
      modalType: 'login',
      step: 3,
      offer: subscriptionOffer,
      place,
      user: monthlySubscriber,
      now: NOW,
    },
    {
      type: 'modal.open',
      step: 2,
      offer: { ...courseOffer, plans: [] },
      place,
      user: verifiedMember,
      now: NOW,
    },
    {
      type: 'modal.open',
      offer: { ...subscriptionOffer, enableEmailVerification: true },
      place: { ...place, token: 'link-token' },
      user: null,
      now: NOW,
    },
  ],
  'auth.submitSignup': [
    { type: 'auth.submitSignup', name: 'Member', email: 'member@example.com', password: 'secret-pass' },
    { type: 'auth.submitSignup', name: '', email: '', password: '' },
  ],
  'auth.submitLogin': [
    { type: 'auth.submitLogin', email: 'member@example.com', password: 'secret-pass' },
    { type: 'auth.submitLogin', email: '', password: '' },
  ],
  'auth.submitReset': [{ type: 'auth.submitReset', email: 'member@example.com' }],
  'auth.succeeded': [
    { type: 'auth.succeeded', user: verifiedMember },
    { type: 'auth.succeeded', user: unverifiedMember },
    { type: 'auth.succeeded', user: monthlySubscriber },
  ],
  'auth.failed': [{ type: 'auth.failed', message: 'Invalid email or password' }],
  'plan.select': [{ type: 'plan.select', sku: 'prod_sub', plan: 'price_monthly' }],
  'xstate.done.actor.requestPasswordReset': [{ type: 'xstate.done.actor.requestPasswordReset' }],
  'xstate.error.actor.requestPasswordReset': [
    { type: 'xstate.error.actor.requestPasswordReset', error: new Error('Too many requests') },
  ],
  'xstate.done.actor.resendVerification': [{ type: 'xstate.done.actor.resendVerification' }],
  'xstate.error.actor.resendVerification': [
    { type: 'xstate.error.actor.resendVerification', error: new Error('Too many requests') },
  ],
  'xstate.done.actor.refreshUser': [
    { type: 'xstate.done.actor.refreshUser', output: verifiedMember },
    { type: 'xstate.done.actor.refreshUser', output: unverifiedMember },
  ],
  'xstate.error.actor.refreshUser': [{ type: 'xstate.error.actor.refreshUser', error: new Error('offline') }],
  'xstate.done.actor.emailVerification': [
    { type: 'xstate.done.actor.emailVerification', output: { user: verifiedMember, error: null } },
    {
      type: 'xstate.done.actor.emailVerification',
      output: { user: null, error: MODAL_ERRORS.emailVerificationFailed },
    },
    {
      type: 'xstate.done.actor.emailVerification',
      output: { user: null, error: MODAL_ERRORS.emailAlreadyVerified },
    },
  ],
  'xstate.done.actor.upgrade': [
    { type: 'xstate.done.actor.upgrade', output: { plan: 'price_annual' } },
    { type: 'xstate.done.actor.upgrade', output: { plan: null } },
  ],
  'xstate.done.actor.checkout': [
    { type: 'xstate.done.actor.checkout', output: { started: true, error: null } },
    {
      type: 'xstate.done.actor.checkout',
      output: { started: false, error: 'Please verify your email before proceeding to checkout' },
    },
  ],
};

const generated = describeModel('signup modal machine', signupModalMachine, {
  samples,
  stateKey: stateKey as (snapshot: unknown) => unknown,
  check: (snapshot, step, effects, previous) => {
    const now = snapshot as SignupModalSnapshot;
    const before = previous as SignupModalSnapshot | undefined;
    const { event } = step;
    if (!before) {
      expect(now.matches('hidden')).toBe(true);
      return;
    }
    if (event.type === 'modal.open') {
      expect(now.context.modalType).toBe(event.modalType ?? 'signup');
      if (!event.step && !event.place.token && event.modalType !== 'login' && !event.user)
        expect(now.hasTag('view:signup')).toBe(true);
      // A signed-in member never sees an account form on opening.
      if (event.user && !event.place.token) {
        expect(now.hasTag('view:signup') || now.hasTag('view:login')).toBe(false);
      }
    }
    if ((event.type === 'auth.submitSignup' || event.type === 'auth.submitLogin') && event.email === '') {
      expect(now.context.error).toBe(MODAL_ERRORS.pleaseEnterEmailAndPassword);
    }
    if (event.type === 'auth.succeeded' && before.matches({ open: { auth: 'signingUp' } })) {
      expect(now.hasTag('dialog:checkInbox')).toBe(now.context.offer.enableEmailVerification);
    }
    if (event.type === 'auth.succeeded' && before.matches({ open: { auth: 'loggingIn' } })) {
      const blocked = now.context.offer.enableEmailVerification && !event.user.email_verified;
      expect(now.context.error === MODAL_ERRORS.verifyEmail).toBe(blocked);
      if (!blocked) {
        const active = now.context.offer.kind !== 'subscription';
        expect(now.hasTag(active ? 'step:challenge' : 'step:plans')).toBe(true);
      }
    }
    if (event.type === 'auth.failed') expect(now.context.error).toBe(event.message);
    if (
      now.hasTag('step:challenge') &&
      !before.hasTag('step:challenge') &&
      now.context.offer.kind === 'course'
    ) {
      // A course shows its first one-time plan selected, so Next Step buys what the member sees.
      const expected = now.context.offer.plans.length > 0 ? 'price_course_big' : undefined;
      expect(now.context.selectedOrder?.plan ?? undefined).toBe(
        before.context.selectedOrder?.plan ?? expected,
      );
    }
    if (event.type === 'modal.back') {
      // An error belongs to the step that showed it.
      expect(now.context.error).toBeNull();
      const signedIn = before.context.user !== null;
      if (before.hasTag('step:auth')) expect(now.matches('hidden')).toBe(true);
      if (before.hasTag('step:plans')) {
        const active = now.context.offer.kind !== 'subscription';
        if (active) expect(now.hasTag('step:challenge')).toBe(true);
        else expect(signedIn ? now.matches('hidden') : now.hasTag('step:auth')).toBe(true);
      }
      if (before.hasTag('step:challenge')) {
        expect(signedIn ? now.matches('hidden') : now.hasTag('step:auth')).toBe(true);
      }
    }
    if (event.type === 'plans.next' && before.hasTag('step:plans') && !now.matches({ open: 'checkingOut' })) {
      const subscribed = now.context.user?.customer.subscriptions.data.length === 1;
      if (subscribed) expect(now.matches('hidden')).toBe(true);
      else expect(now.context.error).toBe(MODAL_ERRORS.pleaseSelectSubscription);
    }
    if (now.matches({ open: 'checkingOut' }) && !before.matches({ open: 'checkingOut' })) {
      const started = effects.actors.at(-1);
      expect(started?.name).toBe('checkout');
      expect(started?.input).toMatchObject({
        prices: [now.context.selectedOrder?.plan],
        route: '/',
        couponFromUrl: 'URL10',
        campaign: null,
        // Unverified members are held back only where the site verifies emails.
        emailVerified:
          !now.context.offer.enableEmailVerification || now.context.user?.email_verified === true,
      });
    }
    if (event.type === 'xstate.done.actor.checkout') {
      if (event.output.error) expect(now.context.error).toBe(event.output.error);
      else expect(now.matches('hidden')).toBe(true);
    }
    if (event.type === 'xstate.done.actor.emailVerification' && event.output.error) {
      // A signed-in member goes on to the plans; a visitor reads why on the login form.
      if (before.context.user) expect(now.matches({ open: 'auth' })).toBe(false);
      else expect(now.context.error).toBe(event.output.error);
    }
    if (event.type === 'xstate.done.actor.upgrade' && event.output.plan) {
      expect(now.context.selectedOrder?.plan).toBe('price_annual');
    }
    if (event.type === 'auth.contactSupport') {
      expect(effects.actions.map((action) => action.name)).toContain('contactSupport');
    }
  },
});

describe('signup modal model size', () => {
  it('keeps the generated paths few enough to replay in seconds', () => {
    expect(generated[0]?.paths.length).toBeGreaterThan(100);
    expect(generated[0]?.paths.length).toBeLessThan(1000);
  });
});
