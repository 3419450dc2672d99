// The billing defects' files' app and what they read a member's billing by: the demo catalogue's
// prices, the member's charges and emails, a hosted page's stated total, and a day as a member reads it.
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { billingDriver, CARD } from './hosted-pages.ts';
import type { Member } from './members.ts';

export let t: TestApp;
const billing = billingDriver(() => t);
export const { startSession, start, post, customerOf, mailTo, portal, advanceBy } = billing;
export const advance = (member: Member, days: number) => billing.advance(member, days);

/** Starts the app before the calling file's tests and closes it after them. */
export function billingDefectsApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
}

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

// The demo catalogue's prices, in cents.
export const WEEKLY = 1499;
export const MONTHLY = 2999;
export const QUARTERLY = 7999;
export const ANNUAL = 24999;
export const CHALLENGE = 4900;

export const price = (name: string) => `demo-trainer-price-${name}`;
export const read = (path: string) => t.app.inject({ method: 'GET', url: path });
export const subscribe = (member: Member, plan: string, card = CARD, coupon?: string) =>
  billing.subscribe(member, price(plan), card, coupon);

export async function subscriptionOf(member: Member) {
  const [sub] = (await customerOf(member)).subscriptions.data;
  if (!sub) throw new Error('The member has no subscription');
  return sub;
}

/** What the member was charged, oldest first. */
export async function chargedAmounts(member: Member): Promise<number[]> {
  const { charges } = await customerOf(member);
  return [...charges].sort((a, b) => a.created.localeCompare(b.created)).map((c) => c.amount);
}

export async function mailEnding(member: Member, subjectEnd: string) {
  const found = (await mailTo(member)).filter((m) => m.subject.endsWith(subjectEnd));
  expect(found).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[0]>;
}

/**
 * The figures a hosted page states in its total's row: what it charges now (the amount the member
 * reads, which its data-amount must repeat), and what it charges next.
 */
export function totalOf(body: string) {
  const cell = /<th\b([^>]*\bid="total"[^>]*)>([^<]*)</.exec(body);
  if (!cell) throw new Error('The page shows no total');
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(cell[1] ?? '')?.[1];
  // An English page's '$22,000.01' is 2200001 cents.
  const shown = Math.round(Number((cell[2] ?? '').replace(/[^\d.]/g, '')) * 100);
  const data = attribute('data-amount');
  if (data !== undefined) expect(Number(data)).toBe(shown);
  const next = attribute('data-next-amount');
  return {
    amount: shown,
    nextAmount: next === undefined ? null : Number(next),
    nextAt: attribute('data-next-at') ?? null,
  };
}

export const nextRenewalLine = (body: string) => /<p id="next-renewal">([^<]*)<\/p>/.exec(body)?.[1];

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The UTC day of an instant, written out as an English-speaking member reads it. */
export function utcDay(value: string | Date | number): string {
  const d = new Date(value);
  return `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

export function utcDayEs(value: string | Date | number): string {
  const d = new Date(value);
  return `${d.getUTCDate()} de ${MONTHS_ES[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
}

export const isoDay = (value: string | Date | number) => new Date(value).toISOString().slice(0, 10);
