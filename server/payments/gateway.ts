// The two payment gateways behind one interface: the route handlers decide what may be bought
// and record the session; a gateway only turns that into a hosted page. Fulfilment never happens
// here: it comes from the gateway's events, through the processor.

import type { Pause } from '../../domain/billing/subscriptions.ts';
import type { TaxSettings } from '../../domain/billing/tax.ts';
import type { Transaction } from '../db/index.ts';
import type { charges, subscriptions, UserRow } from '../db/schema.ts';
import type { CouponRow, PriceRow } from './billing-terms.ts';

export interface CheckoutRequest {
  /** Our checkout_sessions id: the gateway's metadata carries it back in every event. */
  sessionId: string;
  user: UserRow;
  mode: 'subscription' | 'payment';
  /** What is sold; the amounts are the billing engine's, quoted by the hosted page (or Stripe's own). */
  prices: PriceRow[];
  coupon: CouponRow | null;
  /** 0 when the member already had a trial. */
  trialDays: number;
  /**
   * The trainer's tax settings (decision 173); null when they collect none. Stripe computes the tax
   * itself (Stripe Tax) under the settings' mode; the sandbox applies the member's rule.
   */
  tax: TaxSettings | null;
  campaign: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface PortalRequest {
  /** Our checkout_sessions id of kind portal. */
  sessionId: string;
  user: UserRow & { gatewayCustomerId: string };
  returnUrl: string;
}

export interface PlanChangeRequest {
  /** Our checkout_sessions id of kind change. */
  sessionId: string;
  user: UserRow & { gatewayCustomerId: string };
  /** The member's live subscription, which changes price: never a second subscription. */
  subscriptionId: string;
  price: PriceRow;
  /** Where the member lands once the change is confirmed. */
  successUrl: string;
  cancelUrl: string;
}

/** A charge paid back in whole (decision 120). */
export interface RefundRequest {
  charge: typeof charges.$inferSelect;
  /** The same for a retry of the same refund, so the gateway makes it once. */
  idempotencyKey: string;
}

/** A subscription ended now, or at the end of the period already paid for. */
export interface CancelRequest {
  subscription: typeof subscriptions.$inferSelect;
  atPeriodEnd: boolean;
  idempotencyKey: string;
}

/**
 * The member keeps the plan they are on (decision 133): a change scheduled for the renewal is
 * dropped and a cancellation at the period's end undone, as Stripe's portal does.
 */
export interface KeepRequest {
  subscription: typeof subscriptions.$inferSelect;
  idempotencyKey: string;
}

/** A pause the member chose (decision 152), quoted by the billing engine. */
export interface PauseRequest {
  subscription: typeof subscriptions.$inferSelect;
  pause: Pause;
  idempotencyKey: string;
}

/** The pause planned or under way ends now (decision 152). */
export interface ResumeRequest {
  subscription: typeof subscriptions.$inferSelect;
  idempotencyKey: string;
}

/** The cancel flow's coupon, taken (decision 153): it discounts the next months from now. */
export interface OfferRequest {
  subscription: typeof subscriptions.$inferSelect;
  coupon: CouponRow;
  idempotencyKey: string;
}

/**
 * What a gateway did: its id of the refund or subscription, and whether its event is already
 * recorded (the sandbox applies it in the caller's transaction; Stripe's comes by webhook).
 */
export interface GatewayAnswer {
  gatewayId: string;
  recorded: boolean;
}

// The keys say which change is asked for, so a retry (of the operator's call, or the portal's form
// sent twice) is the same request: a charge is refunded once; a cancellation is asked of the
// subscription as it last was recorded (its count of changes), so after a later change a new one is a
// new request, even one within the same second as the change before it.
export const refundKey = (charge: RefundRequest['charge']) => `refund-${charge.id}`;
export const cancelKey = (sub: CancelRequest['subscription'], atPeriodEnd: boolean) =>
  `cancel-${sub.id}-${atPeriodEnd ? 'period-end' : 'now'}-${sub.changes}`;
export const keepKey = (sub: KeepRequest['subscription']) => `keep-${sub.id}-${sub.changes}`;
export const pauseKey = (sub: PauseRequest['subscription']) => `pause-${sub.id}-${sub.changes}`;
export const resumeKey = (sub: ResumeRequest['subscription']) => `resume-${sub.id}-${sub.changes}`;
export const offerKey = (sub: OfferRequest['subscription']) => `offer-${sub.id}-${sub.changes}`;

export interface PaymentGateway {
  readonly kind: 'sandbox' | 'stripe';
  /** The customer the member's payments belong to, created once and reused for every checkout. */
  ensureCustomer?(user: UserRow): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ url: string; gatewaySessionId: string }>;
  /** Makes an open checkout unpayable, so only the member's newest checkout can start a subscription. */
  expireCheckout?(gatewaySessionId: string): Promise<void>;
  createPortal(request: PortalRequest): Promise<{ url: string }>;
  /** A hosted confirmation of a plan change, with the prorated amount, applied on confirm. */
  createPlanChange(request: PlanChangeRequest): Promise<{ url: string }>;
  /** The results are recorded only from the gateway's events, inside `tx` when it sends them at once. */
  refund(tx: Transaction, request: RefundRequest): Promise<GatewayAnswer>;
  cancelSubscription(tx: Transaction, request: CancelRequest): Promise<GatewayAnswer>;
  /**
   * Null when nothing would take the plan away. The gateway's own record decides: Stripe keeps the
   * schedules its portal makes, which our records do not hold.
   */
  keepPlan(tx: Transaction, request: KeepRequest): Promise<GatewayAnswer | null>;
  /** Nothing is charged while paused; the renewals inside the pause are not collected. */
  pause(tx: Transaction, request: PauseRequest): Promise<GatewayAnswer>;
  resume(tx: Transaction, request: ResumeRequest): Promise<GatewayAnswer>;
  applyOffer(tx: Transaction, request: OfferRequest): Promise<GatewayAnswer>;
}

/** The metadata every gateway object carries, so events can be tied to our records. */
export interface PaymentMetadata {
  trainerId: string;
  userId: string;
  checkoutSessionId: string;
  priceIds: string;
  campaign?: string;
}

export function paymentMetadata(request: CheckoutRequest): PaymentMetadata {
  return {
    trainerId: request.user.trainerId,
    userId: request.user.id,
    checkoutSessionId: request.sessionId,
    priceIds: request.prices.map((price) => price.id).join(','),
    ...(request.campaign ? { campaign: request.campaign } : {}),
  };
}
