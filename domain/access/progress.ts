// What the pages show of a unit and of a member's way through an item: a unit's state, the counts
// ("Day 6 of 30", "3 of 12 lessons"), the next unit, and a program's streak (decision 136). Days are
// UTC days, as drip.ts says why.
import type { Access, LockReason } from './access.ts';
import { DAY_MS, utcDay } from './drip.ts';

export type UnitState =
  | { state: 'done'; doneAt: Date }
  | { state: 'open' }
  | { state: 'opensOn'; opensAt: Date }
  | { state: 'locked'; reason: LockReason };

/**
 * A unit's state at `now`. The item's access comes first (a member who lost it sees it locked, done
 * or not); then a unit the member marked done stays done, even if its day would open later (a start
 * that moved); then the drip. `opensAt` null: the unit does not drip (a library entry).
 */
export function unitState(
  unit: { opensAt: Date | null; doneAt: Date | null },
  access: Access,
  now: Date,
): UnitState {
  if (!access.open) return { state: 'locked', reason: access.reason };
  if (unit.doneAt !== null) return { state: 'done', doneAt: unit.doneAt };
  // A unit that does not drip opens now, which is not later than now.
  const opensAt = unit.opensAt ?? now;
  if (opensAt > now) return { state: 'opensOn', opensAt };
  return { state: 'open' };
}

/** Whether the unit's content may be served: it is open, or done. */
export function readable(unit: UnitState): boolean {
  return unit.state === 'open' || unit.state === 'done';
}

/**
 * How far the member is through the units, in order: how many are done, of how many, and the first
 * not done (open now, or opening later), the one "Continue" leads to; null when all are done or the
 * item is locked.
 */
export function progress(units: readonly UnitState[]): { done: number; total: number; next: number | null } {
  const next = units.findIndex((unit) => unit.state === 'open' || unit.state === 'opensOn');
  return {
    done: units.filter((unit) => unit.state === 'done').length,
    total: units.length,
    next: next === -1 ? null : next,
  };
}

/**
 * A program's streak: the consecutive UTC days, ending today or yesterday, on which the member marked
 * a unit done. A streak that ended yesterday still stands until today ends: the member may yet keep
 * it. Several units on one day count once; a date after today does not count.
 */
export function streak(doneDates: readonly Date[], now: Date): number {
  const days = new Set(doneDates.map((date) => utcDay(date).getTime()));
  let day = utcDay(now).getTime();
  if (!days.has(day)) day -= DAY_MS;
  let count = 0;
  while (days.has(day)) {
    count++;
    day -= DAY_MS;
  }
  return count;
}
