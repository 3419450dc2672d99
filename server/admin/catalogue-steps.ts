// The changes a catalogue import works out (catalogue-plan.ts) before it writes any (decision 121).
import type { StripeCouponSource } from '../payments/stripe-coupons.ts';
import type { NewPrice, PlanRow, TrainerRow } from './admin.repository.ts';
import type { CouponWithUse, NewCoupon } from './coupons.repository.ts';
import type { NewProduct, ProductChange, ProductRow } from './products.repository.ts';
import type { PlanChange } from './sold-prices.ts';

export type Step =
  | { do: 'addProduct'; row: NewProduct }
  | { do: 'changeProduct'; before: ProductRow; change: ProductChange }
  | { do: 'archiveProduct'; before: ProductRow }
  | { do: 'archivePrice'; before: PlanRow }
  | { do: 'changePrice'; before: PlanRow; change: PlanChange['change'] }
  | { do: 'replacePrice'; before: PlanRow; row: NewPrice }
  | { do: 'addPrice'; row: NewPrice }
  | { do: 'archiveCoupon'; before: CouponWithUse }
  | { do: 'addCoupon'; row: NewCoupon & StripeCouponSource };

export interface Change {
  action: 'added' | 'changed' | 'replaced' | 'archived';
  item: 'product' | 'price' | 'coupon';
  key: string;
  summary: string;
}

export interface Plan {
  steps: Step[];
  changes: Change[];
  /** Why the file cannot be imported over what is stored, each at its place in the file. */
  conflicts: string[];
}

export interface Stored {
  trainer: TrainerRow;
  products: ProductRow[];
  plans: PlanRow[];
  coupons: CouponWithUse[];
}
