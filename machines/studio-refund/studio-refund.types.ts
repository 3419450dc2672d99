/** What a refund would do, as the server previews it; the confirmation's words are made of it. */
export interface RefundPreview {
  chargeID: string;
  /** In the currency's minor units. */
  amount: number;
  currency: string;
  card: { brand: string; last4: string } | null;
  productName: string;
  /** What the member stops holding once refunded (a challenge, a course, a plan's access). */
  loses: { kind: string; name: string }[];
  alreadyRefunded: boolean;
}

export interface StudioRefundInput {
  chargeID: string;
}

export interface StudioRefundContext extends StudioRefundInput {
  /** The preview the person is asked to confirm: the amount confirmed is the amount refunded. */
  preview: RefundPreview | null;
  /** The preview before the server said it changed, so the page can say what moved. */
  previous: RefundPreview | null;
  /** The server's words for a refusal or a failure. */
  message: string | null;
  /** A refund whose answer never came: the page asks the server again before anything else. */
  unsure: boolean;
}

export type StudioRefundEvent =
  | { type: 'refund.confirm' }
  | { type: 'refund.cancel' }
  | { type: 'refund.retry' };
