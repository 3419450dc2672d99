// The signup modal's rules (spec 2, 4, 8): the steps, the back arrow, what step 2 and step 3 do with
// Next, the course's 2 steps and its preselected plan, the upgrade offer's wiring, checkout.
import type { AnyMachineSnapshot } from 'xstate';
import {
  contextOf,
  field,
  type PlanView,
  type Rule,
  type SpecStep,
  seen,
  subscribed,
  type UserView,
} from './rule.ts';

interface ModalView {
  modalType: string;
  offer: {
    kind: string;
    productId: string | null;
    plans: PlanView[];
    subscription: { plans: PlanView[] };
    enableEmailVerification: boolean;
    promoCode: string | null;
  };
  place: {
    path: string;
    token: string | null;
    verified: boolean;
    coupon: string | null;
    campaign: string | null;
  };
  user: UserView | null;
  selectedOrder: { sku: string | null; plan: string | null } | null;
  error: string | null;
  openedAt: number;
}

/** Spec 8's client message keys: the only keys the flow may show. */
const CLIENT_KEYS = [
  'signup.pleaseEnterEmailAndPassword',
  'signup.verifyEmail.error',
  'signup.pleaseSelectSubscription',
  'signup.emailVerificationFailed',
];
const VERIFY_BEFORE_CHECKOUT = 'Please verify your email before proceeding to checkout';

type Shown = 'closed' | 1 | 2 | 3 | 'checkout';

/** Which step the modal shows: the screens read the same tags to draw the step. */
function shown(snapshot: AnyMachineSnapshot | undefined): Shown {
  if (!snapshot?.hasTag('modal:open')) return 'closed';
  if (snapshot.hasTag('step:auth')) return 1;
  if (snapshot.hasTag('step:challenge')) return 2;
  if (snapshot.hasTag('step:plans')) return 3;
  return 'checkout';
}

const ctx = (step: SpecStep) => contextOf<ModalView>(step.after);
const before = (step: SpecStep) => contextOf<ModalView>(step.before);
const activeChallenge = (view: ModalView) => view.offer.kind !== 'subscription';
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const back = (from: Shown) => (step: SpecStep) => is('modal.back')(step) && shown(step.before) === from;
const expectShown = (expected: Shown) => (step: SpecStep) =>
  shown(step.after) === expected ? null : `step ${seen(shown(step.after))}`;
const checkoutStarted = (step: SpecStep) => step.started.find((call) => call.name === 'checkout');
const output = (step: SpecStep) =>
  field<{ plan?: string | null; error?: string | null }>(step.event, 'output');
const withLink = (view: ModalView) =>
  view.offer.enableEmailVerification && (Boolean(view.place.token) || view.place.verified);
/** Spec 5: a course's plans are its one-time plans, sorted by amount descending. */
const firstCoursePlan = (view: ModalView) =>
  view.offer.plans
    .filter((plan) => plan.type === 'one_time')
    .sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0))[0];
const nothingChosen = (view: ModalView) =>
  !view.selectedOrder?.plan && !(view.selectedOrder?.sku && subscribed(view.user, view.openedAt));

export const signupModalRules: Rule[] = [
  {
    id: 'spec-2-hidden-by-default',
    section: '2',
    says: 'the modal is hidden by default',
    applies: (step) => step.index === 0,
    check: expectShown('closed'),
  },
  {
    id: 'spec-2-default-type-signup',
    section: '2',
    says: 'the modal type is signup or login, signup by default',
    applies: is('modal.open'),
    check: (step) => {
      const expected = field<string | undefined>(step.event, 'modalType') ?? 'signup';
      return ctx(step).modalType === expected ? null : `type ${ctx(step).modalType}`;
    },
  },
  {
    id: 'spec-2-initial-step-1',
    section: '2',
    says: 'a visitor opening the modal with no step lands on step 1',
    applies: (step) =>
      is('modal.open')(step) && !field(step.event, 'step') && !ctx(step).user && !withLink(ctx(step)),
    check: expectShown(1),
  },
  {
    id: 'spec-2-initial-step',
    section: '2',
    says: 'a modal opened on step 3 shows step 3, on step 2 with an active challenge step 2',
    applies: (step) =>
      is('modal.open')(step) &&
      !withLink(ctx(step)) &&
      (field(step.event, 'step') === 3 || (field(step.event, 'step') === 2 && activeChallenge(ctx(step)))),
    check: (step) => expectShown(field<Shown>(step.event, 'step'))(step),
  },
  {
    id: 'spec-4-after-step-1',
    section: '4',
    says: 'after step 1 the flow goes to step 2 if there is an active challenge, else to step 3',
    applies: is('xstate.done.actor.authStep'),
    check: (step) => expectShown(activeChallenge(ctx(step)) ? 2 : 3)(step),
  },
  {
    id: 'spec-2-back-from-step-1',
    section: '2',
    says: 'the back arrow on step 1 closes the modal',
    applies: back(1),
    check: expectShown('closed'),
  },
  {
    id: 'spec-2-back-from-step-3-challenge',
    section: '2',
    says: 'the back arrow on step 3 goes to step 2 when there is an active challenge',
    applies: (step) => back(3)(step) && activeChallenge(before(step)),
    check: expectShown(2),
  },
  {
    id: 'spec-2-back-from-step-3',
    section: '2',
    says: "the back arrow on step 3 goes to step 1 when there is no active challenge (a visitor's modal)",
    applies: (step) => back(3)(step) && !activeChallenge(before(step)) && !before(step).user,
    check: expectShown(1),
  },
  {
    id: 'spec-2-back-from-step-3-member',
    section: '2',
    says: "the back arrow on step 3 goes to step 1 when there is no active challenge (a member's modal)",
    knownDeviation: 'a signed-in member has no account step to go back to: the chart closes the modal',
    applies: (step) => back(3)(step) && !activeChallenge(before(step)) && Boolean(before(step).user),
    check: expectShown(1),
  },
  {
    id: 'spec-2-back-from-step-2',
    section: '2',
    says: "the back arrow on step 2 goes back one step, to step 1 (a visitor's modal)",
    applies: (step) => back(2)(step) && !before(step).user,
    check: expectShown(1),
  },
  {
    id: 'spec-2-back-from-step-2-member',
    section: '2',
    says: "the back arrow on step 2 goes back one step, to step 1 (a member's modal)",
    knownDeviation: 'a signed-in member has no account step to go back to: the chart closes the modal',
    applies: (step) => back(2)(step) && Boolean(before(step).user),
    check: expectShown(1),
  },
  {
    id: 'spec-2-course-two-steps',
    section: '2',
    says: 'a course has 2 steps: step 3 never shows',
    applies: (step) => ctx(step).offer.kind === 'course' && typeof shown(step.after) === 'number',
    check: (step) => (shown(step.after) === 3 ? 'step 3' : null),
  },
  {
    id: 'spec-4-course-preselects-first-plan',
    section: '4',
    says: 'step 2 of a course preselects its first one-time plan (by amount, highest first)',
    applies: (step) =>
      ctx(step).offer.kind === 'course' &&
      shown(step.after) === 2 &&
      shown(step.before) !== 2 &&
      !before(step).selectedOrder &&
      !subscribed(ctx(step).user, ctx(step).openedAt),
    check: (step) => {
      const first = firstCoursePlan(ctx(step));
      const expected = first ? { sku: ctx(step).offer.productId, plan: first.id } : null;
      return seen(ctx(step).selectedOrder) === seen(expected)
        ? null
        : `selected ${seen(ctx(step).selectedOrder)}`;
    },
  },
  {
    id: 'spec-4-course-next-checks-out',
    section: '4',
    says: 'Next on step 2 of a course with its plan selected starts checkout',
    applies: (step) =>
      is('plans.next')(step) &&
      shown(step.before) === 2 &&
      before(step).offer.kind === 'course' &&
      Boolean(before(step).selectedOrder?.plan),
    check: (step) => (checkoutStarted(step) ? null : `no checkout, step ${seen(shown(step.after))}`),
  },
  {
    id: 'spec-4-challenge-next-step-3',
    section: '4',
    says: 'Next on step 2 of a challenge goes to step 3',
    applies: (step) =>
      is('plans.next')(step) && shown(step.before) === 2 && before(step).offer.kind === 'challenge',
    check: expectShown(3),
  },
  {
    id: 'spec-4-step-3-checks-out',
    section: '4',
    says: 'Next on step 3 starts checkout when a plan is selected, or a product for a subscriber',
    applies: (step) => is('plans.next')(step) && shown(step.before) === 3 && !nothingChosen(before(step)),
    check: (step) => (checkoutStarted(step) ? null : `no checkout, step ${seen(shown(step.after))}`),
  },
  {
    id: 'spec-4-step-3-subscriber-closes',
    section: '4',
    says: 'Next on step 3 with nothing selected closes the modal for a subscriber',
    applies: (step) =>
      is('plans.next')(step) &&
      shown(step.before) === 3 &&
      nothingChosen(before(step)) &&
      subscribed(before(step).user, before(step).openedAt),
    check: expectShown('closed'),
  },
  {
    id: 'spec-4-step-3-select-a-plan',
    section: '4',
    says: "Next on step 3 with nothing selected shows 'signup.pleaseSelectSubscription' to a non-subscriber",
    applies: (step) =>
      is('plans.next')(step) &&
      shown(step.before) === 3 &&
      nothingChosen(before(step)) &&
      !subscribed(before(step).user, before(step).openedAt),
    check: (step) =>
      shown(step.after) === 3 && ctx(step).error === 'signup.pleaseSelectSubscription'
        ? null
        : `step ${seen(shown(step.after))}, error ${seen(ctx(step).error)}`,
  },
  {
    id: 'spec-4-checkout-blocked-until-verified',
    section: '4',
    says: 'checkout is blocked until the email is verified (where the site verifies emails)',
    applies: (step) => Boolean(checkoutStarted(step)),
    check: (step) => {
      const view = ctx(step);
      const verified = !view.offer.enableEmailVerification || view.user?.email_verified === true;
      const input = checkoutStarted(step)?.input as { emailVerified?: boolean };
      return input.emailVerified === verified
        ? null
        : `checkout told emailVerified ${seen(input.emailVerified)}`;
    },
  },
  {
    id: 'spec-7-checkout-route-coupon-campaign',
    section: '7',
    says: 'checkout starts with the selected price, the current path, the coupon from the address or the promo code, and the campaign or null',
    applies: (step) => Boolean(checkoutStarted(step)),
    check: (step) => {
      const view = ctx(step);
      const input = checkoutStarted(step)?.input as Record<string, unknown>;
      const expected = {
        prices: [view.selectedOrder?.plan],
        route: view.place.path,
        couponFromUrl: view.place.coupon,
        promoCode: view.offer.promoCode,
        campaign: view.place.campaign ?? null,
      };
      const got = Object.fromEntries(Object.keys(expected).map((key) => [key, input[key]]));
      return seen(got) === seen(expected) ? null : `checkout started with ${seen(got)}`;
    },
  },
  {
    id: 'spec-4-checkout-closes',
    section: '4',
    says: 'once checkout has started the modal closes',
    applies: (step) => is('xstate.done.actor.checkout')(step) && !output(step).error,
    check: expectShown('closed'),
  },
  {
    id: 'spec-4-checkout-blocked-message',
    section: '4',
    says: "a blocked checkout keeps the plans with 'Please verify your email before proceeding to checkout'",
    applies: (step) => is('xstate.done.actor.checkout')(step) && Boolean(output(step).error),
    check: (step) => {
      const expected = ctx(step).offer.kind === 'course' ? 2 : 3;
      return shown(step.after) === expected && ctx(step).error === VERIFY_BEFORE_CHECKOUT
        ? null
        : `step ${seen(shown(step.after))}, error ${seen(ctx(step).error)}`;
    },
  },
  {
    id: 'spec-4-upgrade-offer-input',
    section: '4',
    says: "the upgrade offer is made for the member's plan type (lowercased) with the annual plan on sale",
    applies: (step) => step.started.some((call) => call.name === 'upgrade'),
    check: (step) => {
      const view = ctx(step);
      const input = step.started.find((call) => call.name === 'upgrade')?.input;
      const annual = view.offer.subscription.plans.find((plan) => plan.interval === 'year');
      const expected = {
        planType: view.user?.profile?.subscription_plan_type?.toLowerCase() ?? null,
        annualPlanId: annual?.id ?? null,
      };
      return seen(input) === seen(expected) ? null : `upgrade offered with ${seen(input)}`;
    },
  },
  {
    id: 'spec-4-upgrade-checks-out-annual',
    section: '4',
    says: "'want to upgrade' selects the annual plan and proceeds to checkout",
    applies: (step) => is('xstate.done.actor.upgrade')(step) && Boolean(output(step).plan),
    check: (step) => {
      const annual = ctx(step).offer.subscription.plans.find((plan) => plan.interval === 'year');
      const prices = (checkoutStarted(step)?.input as { prices?: unknown[] } | undefined)?.prices;
      return annual && prices?.[0] === annual.id ? null : `checkout ${seen(prices)}`;
    },
  },
  {
    id: 'spec-4-upgrade-declined-proceeds',
    section: '4',
    says: 'declining the upgrade proceeds to the plans of step 3',
    applies: (step) => is('xstate.done.actor.upgrade')(step) && !output(step).plan,
    check: expectShown(3),
  },
  {
    id: 'spec-8-client-keys',
    section: '8',
    says: "the modal's message keys are the spec's client keys",
    applies: (step) => ctx(step).error?.startsWith('signup.') ?? false,
    check: (step) => (CLIENT_KEYS.includes(ctx(step).error ?? '') ? null : `key ${ctx(step).error}`),
  },
];
