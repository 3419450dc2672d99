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

/** The members' content (the contract's `library` tag). */
export type LibraryKind = components['schemas']['LibraryKind'];
export type LibraryItemSummary = components['schemas']['LibraryItemSummary'];
export type LibraryLockedItem = components['schemas']['LibraryLockedItem'];
export type LibraryItem = components['schemas']['LibraryItem'];
export type LibraryUnitRef = components['schemas']['LibraryUnitRef'];
export type LibraryUnit = components['schemas']['LibraryUnit'];
export type LibraryVideo = components['schemas']['LibraryVideo'];
export type LibraryWorkoutBlock = components['schemas']['LibraryWorkoutBlock'];
export type LibraryOffer = components['schemas']['LibraryOffer'];
/** A 403 of the members' content: why the item or unit is not open, and what to buy; never the content. */
export type LibraryRefusalBody = components['schemas']['LibraryRefusal'];
