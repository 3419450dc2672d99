// The offers, places and members the signup modal's machines are replayed with.
import type { Offer, Place } from '../../../machines/signup-modal/signup-modal.types.ts';
import { plan, subscriber, user } from '../fixtures.ts';

export const place: Place = { path: '/', token: null, verified: false, coupon: 'URL10', campaign: null };
export const subscriptionOffer: Offer = {
  kind: 'subscription',
  productId: 'prod_sub',
  plans: [],
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
export const challengeOffer: Offer = {
  ...subscriptionOffer,
  kind: 'challenge',
  productId: 'prod_challenge',
  plans: [plan('price_challenge', { type: 'one_time', interval: null, interval_count: null })],
  enableEmailVerification: true,
};
export const courseOffer: Offer = {
  ...challengeOffer,
  kind: 'course',
  productId: 'prod_course',
  plans: [
    plan('price_course_small', { type: 'one_time', amount: 1000 }),
    plan('price_course_big', { type: 'one_time', amount: 5000 }),
  ],
};
export const verifiedMember = user();
export const unverifiedMember = user({ email_verified: false });
export const monthlySubscriber = subscriber('monthly');
