export interface CheckoutInput {
  /** The selected prices; missing ones are filtered out before the call. */
  prices: (string | null | undefined)[];
  /** The product being bought, for the analytics event. */
  productId: string | null;
  emailVerified: boolean;
  /** The current path: the checkout's return route and the base of the confirmation path. */
  route: string;
  /** The `coupon` query parameter, read when checkout starts. */
  couponFromUrl: string | null;
  /** The site's promo code, used when the address has no coupon. */
  promoCode: string | null;
  /** The `campaign` query parameter, or null. */
  campaign: string | null;
}

export interface CheckoutContext extends CheckoutInput {
  error: string | null;
  started: boolean;
}

export interface CheckoutOutput {
  started: boolean;
  error: string | null;
}

export interface StartCheckoutInput {
  prices: string[];
  coupon: string | null;
  campaign: string | null;
  route: string;
}

export interface CheckoutAttempt {
  price: string | null;
  product: string | null;
  coupon: string | null;
}

export const VERIFY_BEFORE_CHECKOUT = 'Please verify your email before proceeding to checkout';
