export type CatalogueKind = 'plan' | 'product' | 'coupon';

/** What is edited: an item of the catalogue, or a new one (`id` null). */
export interface CatalogueEditInput {
  kind: CatalogueKind;
  id: string | null;
}

/** A price, in the currency's minor units. */
export interface PriceView {
  amount: number;
  currency: string;
}

/**
 * What saving would do, as the server's dry run says it: whether a price members bought is archived
 * and replaced (they keep theirs; new members pay the new one).
 */
export interface CatalogueCheck {
  replacesSoldPrice: boolean;
  soldPrice: PriceView | null;
  newPrice: PriceView | null;
}

/** The fields the person typed, as the form sends them (the contract's body). */
export type Draft = Record<string, unknown>;

export interface CatalogueEditContext extends CatalogueEditInput {
  draft: Draft | null;
  check: CatalogueCheck | null;
  /** The server's words for a refusal or a failure, shown beside the form. */
  message: string | null;
}

export type CatalogueEditEvent =
  | { type: 'edit.save'; draft: Draft }
  | { type: 'edit.confirm' }
  | { type: 'edit.back' }
  | { type: 'edit.archive' };
