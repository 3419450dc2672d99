import type { components } from '../openapi/schema.d.ts';

export type User = components['schemas']['User'];
export type Plan = components['schemas']['Plan'];
export type SubscriptionProduct = components['schemas']['SubscriptionProduct'];
export type OneTimeProduct = components['schemas']['OneTimeProduct'];

/** The product the member is about to buy: spec section 3, "Selected order". */
export interface SelectedOrder {
  sku: string | null;
  plan: string | null;
}
