// The signup modal's plans rules (spec 2, 4, 7, 8): the course's 2 steps and its preselected plan,
// what Next does on step 2 and step 3, checkout, the upgrade offer's wiring, the message keys.
import { type Rule, seen, subscribed } from './rule.ts';
import {
  before,
  CLIENT_KEYS,
  checkoutStarted,
  ctx,
  expectShown,
  firstCoursePlan,
  is,
  nothingChosen,
  output,
  shown,
  VERIFY_BEFORE_CHECKOUT,
} from './signup-modal.view.ts';

export const signupModalPlansRules: Rule[] = [
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
    says: 'Next on step 2 of a course with its plan selected starts checkout, for a signed-in member',
    applies: (step) =>
      is('plans.next')(step) &&
      shown(step.before) === 2 &&
      before(step).offer.kind === 'course' &&
      Boolean(before(step).selectedOrder?.plan) &&
      Boolean(before(step).user),
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
    says: 'Next on step 3 starts checkout for a signed-in member when a plan is selected, or a product for a subscriber',
    applies: (step) =>
      is('plans.next')(step) &&
      shown(step.before) === 3 &&
      !nothingChosen(before(step)) &&
      Boolean(before(step).user),
    check: (step) => (checkoutStarted(step) ? null : `no checkout, step ${seen(shown(step.after))}`),
  },
  {
    id: 'spec-7-visitor-signs-in-before-checkout',
    section: '7',
    says: "checkout carries the member's token: a visitor pressing Next with a plan chosen (step 3, or a course's step 2) goes to step 1 to sign up or log in, the plan kept, and no checkout starts",
    applies: (step) =>
      is('plans.next')(step) &&
      !before(step).user &&
      Boolean(before(step).selectedOrder?.plan) &&
      (shown(step.before) === 3 || (shown(step.before) === 2 && before(step).offer.kind === 'course')),
    check: (step) =>
      shown(step.after) === 1 &&
      !checkoutStarted(step) &&
      seen(ctx(step).selectedOrder) === seen(before(step).selectedOrder)
        ? null
        : `step ${seen(shown(step.after))}, checkout ${seen(Boolean(checkoutStarted(step)))}, order ${seen(ctx(step).selectedOrder)}`,
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
    id: 'spec-4-verify-message-only-unverified',
    section: '4',
    says: "'Please verify your email before proceeding to checkout' is said only to a signed-in member whose email is not verified: a visitor's problem is not their email",
    applies: (step) =>
      ctx(step).error !== before(step).error &&
      [VERIFY_BEFORE_CHECKOUT, 'signup.verifyEmail.error'].includes(ctx(step).error ?? ''),
    check: (step) => {
      const { user } = ctx(step);
      return user && user.email_verified !== true
        ? null
        : `said to ${user ? 'a verified member' : 'a visitor'}`;
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
