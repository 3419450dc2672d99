// When each unit of a challenge or a course opens (decision 136). Days are whole UTC days, the
// billing engine's one rule (decision 090): day N opens at 00:00 UTC of the start's UTC day plus N-1
// days, so a page that says "opens on March 3 (UTC)" is right from the first instant of that date,
// and a member in Honolulu and one in Kiritimati see the same day open at the same instant. The
// member's device and its time zone play no part.
import { addDays } from '../billing/calendar.ts';
import type { ItemRule, OpenAccess } from './access.ts';

export type DripRule = Extract<ItemRule, { kind: 'challenge' | 'course' }>;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Days between one drip step and the next: a challenge's day, a course's module. */
const STEP_DAYS: Record<DripRule['drip'], number> = { daily: 1, weekly: 7, none: 0 };

/** 00:00 UTC of the instant's UTC day. */
export function utcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/**
 * When the unit at drip step `step` opens: a challenge's day by its 0-based position, a course's
 * lesson by its module's 0-based position. `start` is the member's start ({@link memberStart}).
 */
export function unitOpensAt(item: DripRule, step: number, start: Date): Date {
  return addDays(utcDay(start), STEP_DAYS[item.drip] * step);
}

/**
 * The member's start of an item, as the item's `startsOn` says: the holding's start (its purchase, or
 * a grant's beginning), or the first opening. Before the first opening it is `now`: opening it now
 * is what starts it, so day 1 is open and day 2 opens on the next UTC day.
 */
export function memberStart(
  item: DripRule,
  access: Pick<OpenAccess, 'since'>,
  firstOpenedAt: Date | null,
  now: Date,
): Date {
  if (item.startsOn === 'purchase') return access.since;
  return firstOpenedAt ?? now;
}
