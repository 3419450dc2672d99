import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import { MODAL_ERRORS } from '../../../machines/signup-modal/signup-modal.types.ts';
import { BACK_ARROW } from '../../spec/signup-modal.rules.ts';
import { NOW } from '../fixtures.ts';
import { describeModel } from '../model.ts';
import {
  challengeOffer,
  courseOffer,
  monthlySubscriber,
  place,
  subscriptionOffer,
  unverifiedMember,
  verifiedMember,
} from './offers.ts';
import { modalStateKey } from './state-keys.ts';

type SignupModalSnapshot = SnapshotFrom<typeof signupModalMachine>;

/** Who presses the back arrow, with what on sale, on which step: a cell of the spec's table. */
function backCell(snapshot: SignupModalSnapshot): string {
  const who = snapshot.context.user ? 'member' : 'visitor';
  return `${who} ${snapshot.context.offer.kind} ${String(stepOf(snapshot))}`;
}

/** The step the member sees, as the spec numbers it ('closed' when the modal is hidden). */
function stepOf(snapshot: SignupModalSnapshot): 1 | 2 | 3 | 'closed' | 'checkout' {
  if (snapshot.matches('hidden')) return 'closed';
  if (snapshot.hasTag('step:auth')) return 1;
  if (snapshot.hasTag('step:challenge')) return 2;
  if (snapshot.hasTag('step:plans')) return 3;
  return 'checkout';
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
    // A visitor on a course's step 2, whose back arrow leads to step 1.
    { type: 'modal.open', step: 2, offer: courseOffer, place, user: null, now: NOW },
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
    // A visitor who chose the annual plan in the home page's pricing (the address's `plan`).
    {
      type: 'modal.open',
      offer: subscriptionOffer,
      place: { ...place, plan: 'price_annual' },
      user: null,
      now: NOW,
    },
  ],
  'auth.succeeded': [
    { type: 'auth.succeeded', user: verifiedMember },
    { type: 'auth.succeeded', user: unverifiedMember },
    { type: 'auth.succeeded', user: monthlySubscriber },
  ],
  'auth.failed': [{ type: 'auth.failed', message: 'Invalid email or password' }],
  // Named by the cell of the spec's back-arrow table it presses in, so each cell gets a path.
  'modal.back': (snapshot: SignupModalSnapshot) => [{ type: 'modal.back', cell: backCell(snapshot) }],
  // The session's word after 'Not you? Log out'; on the plans, a sign-out by a 401 elsewhere.
  'member.signedOut': (snapshot: SignupModalSnapshot) =>
    snapshot.matches({ open: 'signingOut' }) || snapshot.matches({ open: 'subscription' })
      ? [{ type: 'member.signedOut' }]
      : [],
  'plan.select': [{ type: 'plan.select', sku: 'prod_sub', plan: 'price_monthly' }],
  // Step 1 is its own machine (auth-step.machine.test.ts); here it ends with the member.
  'xstate.done.actor.authStep': [
    { type: 'xstate.done.actor.authStep', output: { user: verifiedMember } },
    { type: 'xstate.done.actor.authStep', output: { user: unverifiedMember } },
    { type: 'xstate.done.actor.authStep', output: { user: monthlySubscriber } },
  ],
  'xstate.done.actor.upgrade': [
    { type: 'xstate.done.actor.upgrade', output: { plan: 'price_annual' } },
    { type: 'xstate.done.actor.upgrade', output: { plan: null } },
  ],
  // Checkout ends as its own machine would for what it was started with: refused only when told
  // the email is unverified (checkout.machine.test.ts replays the refusal itself).
  'xstate.done.actor.checkout': (snapshot: SignupModalSnapshot) =>
    !snapshot.context.offer.enableEmailVerification || snapshot.context.user?.email_verified
      ? [{ type: 'xstate.done.actor.checkout', output: { started: true, error: null } }]
      : [
          {
            type: 'xstate.done.actor.checkout',
            output: { started: false, error: 'Please verify your email before proceeding to checkout' },
          },
        ],
};

const generated = describeModel('signup modal machine', signupModalMachine, {
  samples,
  everySample: (event) => (event.type === 'modal.back' ? `modal.back ${event.cell}` : event.type),
  stateKey: modalStateKey as (snapshot: unknown) => unknown,
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
      const link = event.offer.enableEmailVerification && Boolean(event.place.token);
      if (link) expect(now.context.authStart).toBe('verifyingEmail');
      else if (!event.step && !event.user) {
        expect(now.hasTag('step:auth')).toBe(true);
        expect(now.context.authStart).toBe('form');
      }
      // The address's plan is kept only when the membership sells it (decision 114).
      expect(now.context.preselectedPlan).toBe(event.place.plan === 'price_annual' ? 'price_annual' : null);
      // A signed-in member never meets an account form on opening.
      if (event.user && !link && now.hasTag('step:auth')) expect(now.context.authStart).toBe('checkInbox');
    }
    if (event.type === 'xstate.done.actor.authStep') {
      // Step 1 done: on to the plans for who the member is.
      const active = now.context.offer.kind !== 'subscription';
      const subscribed = (event.output.user?.customer.subscriptions.data.length ?? 0) > 0;
      const expected = active ? 'step:challenge' : subscribed ? 'screen:alreadyHavePlan' : 'step:plans';
      expect(now.hasTag(expected)).toBe(true);
      expect(now.context.user).toEqual(event.output.user);
      // The plan chosen before signing up is selected on step 3: nothing to choose again.
      if (expected === 'step:plans' && before.context.preselectedPlan) {
        expect(now.context.selectedOrder).toEqual({ sku: 'prod_sub', plan: 'price_annual' });
      }
    }
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
      // The spec's table, for a visitor and a signed-in member alike.
      const who = before.context.user ? 'member' : 'visitor';
      const from = stepOf(before);
      if (typeof from !== 'number') throw new Error(`a back arrow pressed on ${from}`);
      const expected = BACK_ARROW[who][before.context.offer.kind][from];
      expect(expected).not.toBeNull();
      expect(stepOf(now)).toBe(expected);
    }
    if (event.type === 'account.continue') {
      const unverified =
        now.context.offer.enableEmailVerification && now.context.user?.email_verified === false;
      const active = now.context.offer.kind !== 'subscription';
      if (unverified) expect(now.context.error).toBe(MODAL_ERRORS.verifyEmail);
      expect(stepOf(now)).toBe(unverified ? 1 : active ? 2 : 3);
    }
    if (event.type === 'account.logout') expect(now.matches({ open: 'signingOut' })).toBe(true);
    if (event.type === 'member.signedOut') {
      if (before.matches({ open: 'signingOut' })) {
        expect(now.hasTag('step:auth')).toBe(true);
        expect(now.context.user).toBeNull();
        expect(now.context.selectedOrder).toBeNull();
        expect(now.context.authStart).toBe('form');
      } else expect(now.matches('hidden')).toBe(true);
    }
    if (event.type === 'plans.next' && !before.context.user && before.context.selectedOrder?.plan) {
      // Checkout is the member's: a visitor with a plan chosen signs up or logs in first, the plan kept.
      const checksOut = before.hasTag('step:plans') || before.context.offer.kind === 'course';
      if (checksOut) {
        expect(now.hasTag('step:auth')).toBe(true);
        expect(now.context.authStart).toBe('form');
        expect(now.context.selectedOrder).toEqual(before.context.selectedOrder);
        expect(effects.actors.map((actor) => actor.name)).not.toContain('checkout');
      }
    } else if (
      event.type === 'plans.next' &&
      before.hasTag('step:plans') &&
      !now.matches({ open: 'checkingOut' })
    ) {
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
    if (event.type === 'xstate.done.actor.upgrade' && event.output.plan) {
      expect(now.context.selectedOrder?.plan).toBe('price_annual');
    }
  },
});

describe('signup modal model size', () => {
  it('keeps the generated paths few enough to replay in seconds', () => {
    expect(generated[0]?.paths.length).toBeGreaterThan(100);
    expect(generated[0]?.paths.length).toBeLessThan(1000);
  });
});
