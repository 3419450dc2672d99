// The world the UI paths run in when the API is msw (components): the products on sale, the members
// of each kind, and what `modal.open` carries for each way of opening the modal. In Chromium the real
// server's demo trainer stands in for it; the tables never name its products' texts.
import type { Plan, User } from '../../domain/api-types.ts';
import type { Offer } from '../../machines/signup-modal/signup-modal.types.ts';
import {
  aLibraryOffer,
  aLibraryUnit,
  aLibraryUnitRef,
  aOneTimePlan,
  aOneTimeProduct,
  aPlan,
  aSubscriptionProduct,
  type Products,
  someProducts,
} from '../factories.ts';
import { subscriber, user } from '../machine/fixtures.ts';
import type { MemberKind, Opening } from './ui.ts';

function recurring(
  id: string,
  nickname: string,
  amount: number,
  interval: 'month' | 'year',
  count = 1,
): Plan {
  return aPlan({ product: 'prod_membership', id, nickname, amount, interval, interval_count: count });
}

function oneTime(product: string, id: string, nickname: string, amount: number): Plan {
  return aOneTimePlan({ product, id, nickname, amount });
}

const MEMBERSHIP_PLANS = [
  recurring('price_monthly', 'Monthly', 2999, 'month'),
  recurring('price_quarterly', 'Quarterly', 7999, 'month', 3),
  recurring('price_annual', 'Annual', 24999, 'year'),
];

export const PRODUCTS: Products = someProducts({
  subscriptions: [aSubscriptionProduct({ id: 'prod_membership', plans: MEMBERSHIP_PLANS })],
  challenges: [
    aOneTimeProduct({
      slug: 'shred',
      name: 'Shred',
      plans: [oneTime('prod_shred', 'price_shred', 'Shred Challenge', 4900)],
      challengeHeaderText: 'Join the Shred',
      challengeButtonText: 'Join the challenge',
      subscriptionHeaderText: 'Stay strong after the Shred',
      subscriptionButtonText: 'Join with a plan',
    }),
  ],
  courses: [
    aOneTimeProduct({
      slug: 'strength',
      name: 'Strength',
      metadata: { typeProduct: 'course' },
      plans: [
        oneTime('prod_strength', 'price_strength_full', 'Full course', 14900),
        oneTime('prod_strength', 'price_strength_intro', 'Intro', 4900),
      ],
      challengeHeaderText: 'Build strength',
      challengeButtonText: 'Start the course',
    }),
  ],
});

/** The catalogue of a trainer who sells no annual plan: no upgrade to offer a subscriber. */
export const PRODUCTS_WITHOUT_ANNUAL: Products = {
  ...PRODUCTS,
  subscriptions: PRODUCTS.subscriptions.map((product) => ({
    ...product,
    plans: product.plans.filter((plan) => plan.interval !== 'year'),
  })),
};

/** What the trainer sells where an opening happens. */
export const productsOf = (opening: Pick<Opening, 'noAnnualPlan'>): Products =>
  opening.noAnnualPlan ? PRODUCTS_WITHOUT_ANNUAL : PRODUCTS;

/** The name every member of the paths has: the one the signup forms type, so the nav shows it alike. */
export const MEMBER_NAME = 'Ana Member';
const named = (member: User): User => ({ ...member, profile: { ...member.profile, name: MEMBER_NAME } });

const annual = (): User => {
  const member = named(subscriber('annual'));
  const [subscription] = member.customer.subscriptions.data;
  if (subscription) subscription.plan = { ...subscription.plan, interval: 'year' };
  return member;
};

/** A member of each kind, as GET /api/user answers for them. */
export const MEMBERS: Record<MemberKind, () => User> = {
  verified: () => named(user()),
  unverified: () => named(user({ email_verified: false })),
  monthly: () => named(subscriber('monthly')),
  quarterly: () => named(subscriber('quarterly')),
  annual,
};

export function memberKindOf(member: User): MemberKind {
  const plan = member.profile.subscription_plan_type;
  if (plan === 'monthly' || plan === 'quarterly' || plan === 'annual') return plan;
  return member.email_verified ? 'verified' : 'unverified';
}

/** What is on sale where the modal opens, as the app builds it from the products and settings. */
export function offerAt(path: string, verification: boolean, products: Products = PRODUCTS): Offer {
  const [membership] = products.subscriptions;
  const product = path.startsWith('/challenge/')
    ? products.challenges[0]
    : path.startsWith('/course/')
      ? products.courses[0]
      : undefined;
  const kind = path.startsWith('/course/') ? 'course' : product ? 'challenge' : 'subscription';
  const challenge = kind === 'challenge' ? product : undefined;
  return {
    kind,
    productId: product?.id ?? membership?.id ?? null,
    plans: product?.plans ?? [],
    subscription: {
      productId: membership?.id ?? null,
      plans: membership?.plans ?? [],
      headerText: challenge?.subscriptionHeaderText ?? null,
      subText: null,
      buttonText: challenge?.subscriptionButtonText ?? null,
    },
    enableEmailVerification: verification,
    promoCode: null,
  };
}

/** The time the paths open the modal at. */
export const OPENED_AT = Date.parse('2026-06-01T00:00:00Z');

/** The `modal.open` event an opening sends, carrying the opening for the drivers. */
export function openEvent(opening: Opening, modalType: 'signup' | 'login') {
  const token = opening.link ? 'link-token' : null;
  return {
    type: 'modal.open' as const,
    ...(modalType === 'login' ? { modalType } : {}),
    offer: offerAt(opening.path, opening.verification, productsOf(opening)),
    place: {
      path: opening.path,
      token,
      verified: opening.verifiedInAddress === true,
      coupon: null,
      campaign: null,
      plan: opening.choosesAnnualPlan ? 'price_annual' : null,
    },
    user: opening.member ? MEMBERS[opening.member]() : null,
    now: OPENED_AT,
    opening,
  };
}

/** The Shred's product as the members' area names it, and its day 2, the day the player's paths open. */
export const LIBRARY_PRODUCT = aLibraryOffer({
  slug: 'shred',
  name: 'Shred',
  plans: [oneTime('prod_shred', 'price_shred', 'Shred Challenge', 4900)],
});
export const LIBRARY_DAY = aLibraryUnit({ key: 'day-2', number: 2, title: 'Legs and core' });

/** The server's answer to the day's read: its content, done or not, and the days around it. */
export function libraryDayAnswer(done: boolean) {
  return {
    success: true as const,
    item: { kind: 'challenge' as const, slug: LIBRARY_PRODUCT.slug, title: LIBRARY_PRODUCT.name },
    unit: {
      ...LIBRARY_DAY,
      state: done ? ('done' as const) : ('open' as const),
      doneAt: done ? OPENED_AT_ISO : null,
    },
    previous: aLibraryUnitRef({ key: 'day-1', number: 1, state: 'done', doneAt: OPENED_AT_ISO }),
    next: aLibraryUnitRef({
      key: 'day-3',
      number: 3,
      title: 'First intervals',
      state: 'opensOn',
      opensAt: '2026-06-03T00:00:00.000Z',
    }),
  };
}

/** The server's answer to a mark: the day's new state and the program's progress. */
export function libraryMarkAnswer(done: boolean) {
  return {
    success: true as const,
    unit: aLibraryUnitRef({
      key: LIBRARY_DAY.key,
      number: 2,
      title: LIBRARY_DAY.title,
      state: done ? 'done' : 'open',
      doneAt: done ? OPENED_AT_ISO : null,
    }),
    progress: { done: done ? 2 : 1, total: 30, next: null },
    streak: done ? 2 : 1,
  };
}

const OPENED_AT_ISO = new Date(OPENED_AT).toISOString();
