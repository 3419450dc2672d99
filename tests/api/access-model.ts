// The access histories' oracle: what a member can open, written from the issue's words and decision
// 136's, never from domain/access. A one-time product is held from its payment until it is refunded;
// a subscription opens the library while it is trialing or active, stays open until the end of a
// period that was cancelled, pauses while a renewal is overdue and ends after the last retry; a
// plan-limited entry needs its plan; a grant opens its target until its end or its revocation. Day N
// of the challenge opens at 00:00 UTC of the first opening's day plus N-1 days; the course's module N
// at 00:00 UTC of its start (the earliest purchase or grant open now) plus 7·(N-1) days.
// The subscription's life is modelled here too, from the plan's interval and the test cards: a
// renewal on the card that declines later leaves it overdue, retried 3, 5 and 7 days on, then ended.
// A pause (decision 152) begins at the end of the period paid for, skips N monthly renewals and
// resumes with the Nth, charged as any renewal; the library is closed from its start until it resumes.
// Resumed early, a pause not begun is dropped, and one under way ends now with the next renewal on the
// plan's cycle.
import { readFileSync } from 'node:fs';

export const DAY = 24 * 60 * 60 * 1000;
export type Card = '4242' | '0341';
export type Plan = 'weekly' | 'monthly' | 'annual';
export type Product = 'challenge' | 'course';
export type Reason =
  | 'notHeld'
  | 'refunded'
  | 'ended'
  | 'overdue'
  | 'paused'
  | 'planNotIncluded'
  | 'grantEnded';

/** What the demo content holds, read from its dataset: the model's own copy of the items. */
function demoContent() {
  const docs = readFileSync(new URL('../../content/production.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const program = docs.find((d) => d._type === 'program');
  const course = docs.find((d) => d._type === 'course');
  return {
    days: (program.days as { _key: string }[]).map((d) => d._key),
    lessons: (course.modules as { lessons: { _key: string }[] }[]).flatMap((m, module) =>
      m.lessons.map((l) => ({ key: l._key, module })),
    ),
    entries: docs
      .filter((d) => d._type === 'libraryEntry')
      .map((d) => ({ id: `${d.kind}/${d.slug.current}`, plans: (d.plans ?? []) as string[] })),
  };
}
export const CONTENT = demoContent();
export const ITEM = { challenge: 'challenge/30-day-shred', course: 'course/strength-foundations' } as const;

export interface Sub {
  plan: Plan;
  card: Card;
  /** The first period's end, as the member was shown it; later ends follow the plan's interval. */
  anchor: Date;
  periods: number;
  periodEnd: Date;
  trialing: boolean;
  cancelAtPeriodEnd: boolean;
  /** When the renewal was declined; null while paid. */
  overdueSince: Date | null;
  endedAt: Date | null;
  /** A pause the member chose: from the end of a paid period to the renewal that resumes it. */
  pause: { months: number; startsAt: Date; resumesAt: Date } | null;
}

export interface Model {
  hadTrial: boolean;
  purchases: { product: Product; paidAt: Date; refundedAt: Date | null }[];
  subs: Sub[];
  grants: {
    id: string;
    target: Product | 'membership';
    from: Date;
    until: Date | null;
    revokedAt: Date | null;
  }[];
  /** The challenge's first opening (the start its days count from). */
  challengeStart: Date | null;
  /** `item/unitKey` → when it was first marked done. */
  done: Map<string, Date>;
  log: string[];
}

export const newModel = (hadTrial: boolean): Model => ({
  hadTrial,
  purchases: [],
  subs: [],
  grants: [],
  challengeStart: null,
  done: new Map(),
  log: [],
});

export const utcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY) * DAY);

/** `from` plus `n` calendar months, the day clamped to the month's last day (UTC). */
function addMonths(from: Date, n: number): Date {
  const total = from.getUTCFullYear() * 12 + from.getUTCMonth() + n;
  const last = new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate();
  const d = new Date(from);
  d.setUTCFullYear(Math.floor(total / 12), total % 12, Math.min(from.getUTCDate(), last));
  return d;
}

export const periodEnd = (sub: Pick<Sub, 'plan' | 'anchor'>, periods: number) =>
  sub.plan === 'weekly'
    ? new Date(sub.anchor.getTime() + 7 * periods * DAY)
    : addMonths(sub.anchor, (sub.plan === 'monthly' ? 1 : 12) * periods);

/** Whether the subscription is inside its pause at `now`. */
export const pausedAt = (sub: Sub, now: Date) =>
  sub.pause !== null && sub.pause.startsAt <= now && now < sub.pause.resumesAt;

export const liveSub = (m: Model) => m.subs.find((s) => s.endedAt === null) ?? null;

/** The subscription's life up to `now`: renewals, declines and retries, ends, in order. */
export function advanceSubs(m: Model, now: Date): void {
  for (const sub of m.subs) {
    for (let guard = 0; guard < 500 && sub.endedAt === null; guard++) {
      if (sub.overdueSince) {
        // The card that declines later declines every retry: after the one at 7 days it ends.
        const last = new Date(sub.overdueSince.getTime() + 7 * DAY);
        if (last <= now) sub.endedAt = last;
        break;
      }
      if (sub.periodEnd > now) break;
      if (sub.cancelAtPeriodEnd) {
        sub.endedAt = sub.periodEnd;
        break;
      }
      if (sub.pause && sub.pause.startsAt.getTime() === sub.periodEnd.getTime()) {
        // The pause begins: the renewals inside it are skipped, the one that resumes it is charged.
        sub.periods += sub.pause.months;
        sub.periodEnd = periodEnd(sub, sub.periods);
        m.log.push(`pause began ${sub.pause.startsAt.toISOString()}`);
        if (sub.periodEnd.getTime() !== sub.pause.resumesAt.getTime())
          throw new Error('the model’s pause resumes off the plan’s cycle');
        continue;
      }
      sub.pause = null;
      const renewedAt = sub.periodEnd;
      sub.periods++;
      sub.periodEnd = periodEnd(sub, sub.periods);
      sub.trialing = false;
      if (sub.card === '0341') sub.overdueSince = renewedAt;
      m.log.push(`renewal ${renewedAt.toISOString()} ${sub.card === '0341' ? 'declined' : 'paid'}`);
    }
  }
}

/** The status the member's view should show for the subscription. */
export const statusOf = (sub: Sub, now: Date) =>
  sub.endedAt
    ? 'canceled'
    : sub.overdueSince
      ? 'past_due'
      : pausedAt(sub, now)
        ? 'paused'
        : sub.trialing
          ? 'trialing'
          : 'active';

type Verdict = { open: true; since: Date } | { open: false; reason: Reason } | null;

const span = (since: Date, until: Date | null, endReason: Reason, now: Date): Verdict =>
  until !== null && until <= now
    ? { open: false, reason: endReason }
    : since > now
      ? null
      : { open: true, since };

const earliest = (...dates: (Date | null)[]) => {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
};

/** What one subscription says of a library entry: ended first, then the plan, a payment overdue, a pause. */
function subVerdict(sub: Sub, plans: string[], now: Date): Verdict {
  const end = earliest(sub.endedAt, sub.cancelAtPeriodEnd ? sub.periodEnd : null);
  if (end !== null && end <= now) return { open: false, reason: 'ended' };
  if (plans.length > 0 && !plans.includes(sub.plan)) return { open: false, reason: 'planNotIncluded' };
  if (sub.overdueSince) return { open: false, reason: 'overdue' };
  if (pausedAt(sub, now)) return { open: false, reason: 'paused' };
  return { open: true, since: new Date(0) };
}

/** The member is told first what they can mend, then what they lost, else that they never held it. */
const ORDER: Reason[] = ['overdue', 'paused', 'planNotIncluded', 'refunded', 'ended', 'grantEnded'];

/** Whether an item (`ITEM.*` or a library entry's id) is open at `now`, since when, or why not. */
export function access(
  m: Model,
  item: string,
  now: Date,
): { open: true; since: Date } | { open: false; reason: Reason } {
  const product = (Object.keys(ITEM) as Product[]).find((p) => ITEM[p] === item) ?? null;
  const entry = CONTENT.entries.find((e) => e.id === item);
  const verdicts: Verdict[] = [];
  for (const p of m.purchases) {
    if (p.product === product) verdicts.push(span(p.paidAt, p.refundedAt, 'refunded', now));
  }
  if (entry) for (const sub of m.subs) verdicts.push(subVerdict(sub, entry.plans, now));
  for (const g of m.grants) {
    if ((g.target === 'membership' && entry) || g.target === product)
      verdicts.push(span(g.from, earliest(g.until, g.revokedAt), 'grantEnded', now));
  }
  const open = verdicts.filter((v): v is { open: true; since: Date } => v?.open === true);
  if (open.length) return { open: true, since: new Date(Math.min(...open.map((v) => v.since.getTime()))) };
  const reasons = new Set(verdicts.flatMap((v) => (v && !v.open ? [v.reason] : [])));
  return { open: false, reason: ORDER.find((r) => reasons.has(r)) ?? 'notHeld' };
}

export const ALL_ITEMS = [ITEM.challenge, ITEM.course, ...CONTENT.entries.map((e) => e.id)];

export type UnitState = { state: 'done' } | { state: 'open' } | { state: 'opensOn'; opensAt: Date };

/** The challenge's or course's units, in order, as the member should see them at `now` (the item open). */
export function unitStates(m: Model, item: Product, now: Date): { key: string; unit: UnitState }[] {
  const opened = access(m, ITEM[item], now);
  if (!opened.open) throw new Error(`${item} is not open`);
  const units =
    item === 'challenge'
      ? CONTENT.days.map((key, i) => ({ key, step: i }))
      : CONTENT.lessons.map((l) => ({ key: l.key, step: 7 * l.module }));
  // A program not opened yet starts now: opening it is what starts it.
  const start = item === 'challenge' ? (m.challengeStart ?? now) : opened.since;
  return units.map(({ key, step }) => {
    if (m.done.has(`${ITEM[item]}/${key}`)) return { key, unit: { state: 'done' } };
    const opensAt = new Date(utcDay(start).getTime() + step * DAY);
    return { key, unit: opensAt > now ? { state: 'opensOn', opensAt } : { state: 'open' } };
  });
}

/** Consecutive UTC days, ending today or yesterday, with a day of the challenge done. */
export function streakOf(m: Model, now: Date): number {
  const days = new Set(
    [...m.done].filter(([id]) => id.startsWith(`${ITEM.challenge}/`)).map(([, at]) => utcDay(at).getTime()),
  );
  let day = utcDay(now).getTime();
  if (!days.has(day)) day -= DAY;
  let count = 0;
  for (; days.has(day); day -= DAY) count++;
  return count;
}
