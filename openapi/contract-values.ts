// Generated from openapi/trainer-api.yaml by `npm run generate:api`. Do not edit.
import type { components } from './schema.d.ts';

/** How often a recurring price renews. From components.schemas.PlanInput.properties.interval.enum. */
export const BILLING_INTERVALS = [
  'year',
  'month',
  'week',
  'day',
] as const satisfies readonly components['schemas']['PlanInput']['interval'][];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Which invoices a coupon discounts. From components.schemas.CouponInput.properties.duration.enum. */
export const COUPON_DURATIONS = [
  'once',
  'repeating',
  'forever',
] as const satisfies readonly components['schemas']['CouponInput']['duration'][];
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** The page texts of a challenge or a course, as the spec names them. From components.schemas.PageTexts.properties. */
export const PAGE_FIELDS = [
  'challengeImage',
  'challengeHeaderText',
  'challengeSubText',
  'challengeButtonText',
  'subscriptionHeaderText',
  'subscriptionSubText',
  'subscriptionButtonText',
] as const satisfies readonly (keyof components['schemas']['PageTexts'])[];
export type PageField = (typeof PAGE_FIELDS)[number];
