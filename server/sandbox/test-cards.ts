// The sandbox's test cards and the one rule for whether a charge to a card goes through, used by
// checkout, renewals, retries, plan changes and card updates alike. It follows Stripe's test cards
// (docs.stripe.com/testing#declined-payments): 4242 always pays; 0002 is always declined; 0341 is
// accepted when it is entered and declined on every charge after that (here the checkout that
// enters it pays, so a member can reach renewals that fail).
import type { Card } from './sandbox-events.ts';
import type { SandboxMessages } from './sandbox-messages.ts';

const TEST_CARDS: Record<string, { card: Card; declined: boolean }> = {
  '4242424242424242': { card: { brand: 'visa', last4: '4242' }, declined: false },
  '4000000000000002': { card: { brand: 'visa', last4: '0002' }, declined: true },
  '4000000000000341': { card: { brand: 'visa', last4: '0341' }, declined: false },
};

/** Accepted when entered, declined on every later charge. */
export const FAILS_LATER_LAST4 = '0341';

/**
 * Whether a charge to `card` goes through. `entered` is the checkout that takes the card: the only
 * charge a 0341 card pays. Every other charge (a renewal, a retry, a plan change, the payment a new
 * card makes of what is overdue) is a later one.
 */
export function chargeGoesThrough(card: Card, charge: 'entered' | 'later'): boolean {
  return !(card.last4 === FAILS_LATER_LAST4 && charge === 'later');
}

type CardCheck = { ok: true; card: Card } | { ok: false; status: number; message: string };

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The sandbox's wallet button (Apple Pay, Google Pay and Link on Stripe's Checkout): a wallet hands
 * the gateway a card the member saved in it, here the card that always pays.
 */
export function walletCard(body: unknown): CardCheck | null {
  if (field(body, 'wallet') !== 'pay') return null;
  const wallet = TEST_CARDS['4242424242424242'];
  return wallet ? { ok: true, card: wallet.card } : null;
}

/** The card a form posted, checked as a card form would check it, and refused when declined outright. */
export function checkCard(body: unknown, t: SandboxMessages, now: Date): CardCheck {
  const number = field(body, 'number').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { ok: false, status: 400, message: t.invalidNumber };
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(field(body, 'expiry'));
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { ok: false, status: 400, message: t.invalidExpiry };
  const year = Number(expiry[2]) + (expiry[2]?.length === 2 ? 2000 : 0);
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return { ok: false, status: 400, message: t.expiredCard };
  if (!/^\d{3,4}$/.test(field(body, 'cvc'))) return { ok: false, status: 400, message: t.invalidCvc };
  const test = TEST_CARDS[number];
  if (!test) return { ok: false, status: 400, message: t.unknownCard };
  if (test.declined) return { ok: false, status: 402, message: t.declined };
  return { ok: true, card: test.card };
}

export { field };
