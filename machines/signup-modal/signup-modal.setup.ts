// What the signup modal's chart is built from: its context when closed, its children, actions and
// guards. The chart (signup-modal.machine.ts) and its steps (signup-modal.account.ts,
// signup-modal.plans.ts) are typed by this one setup, so each step can live in a file of its own.
import { assign, enqueueActions, setup } from 'xstate';
import { isSubscribed, offeredPlans } from '../../domain/plans.ts';
import { checkoutMachine } from '../checkout/checkout.machine.ts';
import { upgradeMachine } from '../upgrade/upgrade.machine.ts';
import { authStepMachine } from './auth-step.machine.ts';
import { childFailed, outputOf, signedIn, verificationEnabled } from './signup-modal.guards.ts';
import type { Offer, Place, SignupModalContext, SignupModalEvent } from './signup-modal.types.ts';

export const CLOSED_CONTEXT: SignupModalContext = {
  modalType: 'signup',
  offer: {
    kind: 'subscription',
    productId: null,
    plans: [],
    subscription: { productId: null, plans: [], headerText: null, subText: null, buttonText: null },
    enableEmailVerification: false,
    promoCode: null,
  },
  place: { path: '/', token: null, verified: false, coupon: null, campaign: null },
  openedAt: 0,
  authStart: 'form',
  user: null,
  selectedOrder: null,
  preselectedPlan: null,
  error: null,
};

/** The address's plan when the membership sells it on a page with no challenge; else none. */
export function preselectable(offer: Offer, place: Place): string | null {
  const plan = place.plan;
  if (!plan || offer.kind !== 'subscription') return null;
  return offeredPlans(offer.subscription.plans, false).some((p) => p.id === plan) ? plan : null;
}

export const signupModalSetup = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as SignupModalContext,
    events: {} as SignupModalEvent,
    // Child ids to their actors, so the screens get typed refs from `snapshot.children`.
    children: {} as { authStep: 'authStep'; upgrade: 'upgrade'; checkout: 'checkout' },
  },
  actors: {
    authStep: authStepMachine,
    upgrade: upgradeMachine,
    checkout: checkoutMachine,
  },
  actions: {
    showManageSubscription: () => {},
    startWithForm: assign({ authStart: 'form' as const }),
    clearError: assign({ error: null }),
    selectPreselectedPlan: assign({
      selectedOrder: ({ context }) =>
        context.preselectedPlan
          ? { sku: context.offer.subscription.productId, plan: context.preselectedPlan }
          : context.selectedOrder,
    }),
    askSessionToSignOut: enqueueActions(({ system, enqueue }) => {
      const session = system.get('session');
      if (session) enqueue.sendTo(session, { type: 'auth.logoutInModal' });
    }),
  },
  guards: {
    verificationEnabled,
    hasLinkToVerify: ({ context }) => Boolean(context.place.token) || context.place.verified,
    opensOnStep2: ({ event }) => event.type === 'modal.open' && event.step === 2,
    opensOnStep3: ({ event }) => event.type === 'modal.open' && event.step === 3,
    signedIn,
    // Stryker disable next-line OptionalChaining: asked only with a member (after signedIn, or on the account view).
    userEmailUnverified: ({ context }) => context.user?.email_verified === false,
    hasActiveChallenge: ({ context }) => context.offer.kind !== 'subscription',
    isCourse: ({ context }) => context.offer.kind === 'course',
    planSelected: ({ context }) => Boolean(context.selectedOrder?.plan),
    planPreselected: ({ context }) => context.preselectedPlan !== null,
    productSelected: ({ context }) => Boolean(context.selectedOrder?.sku),
    userSubscribed: ({ context }) => isSubscribed(context.user, new Date(context.openedAt)),
    childFailed,
    // Stryker disable next-line OptionalChaining: asked only on the upgrade's end, whose output is always a record.
    upgradeChosen: ({ event }) => Boolean(outputOf(event)?.plan),
  },
});
