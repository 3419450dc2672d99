// A unit's state, the progress counts and the streak, from the members' area's words: a program page
// lists its days "done, open, opens on a date, locked"; the library shows "Day 6 of 30", "3 of 12
// lessons" and what is next; a program keeps a streak of UTC days (tests/spec/drip.table.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Access } from '../../../../domain/access/access.ts';
import { progress, readable, streak, type UnitState, unitState } from '../../../../domain/access/progress.ts';
import { STREAK_CASES } from '../../../spec/drip.table.ts';

const at = (iso: string) => new Date(iso);
const held: Access = { open: true, via: 'purchase', since: at('2027-03-01T10:00:00Z'), until: null };
const MAR2 = at('2027-03-02T00:00:00Z');

describe('unitState', () => {
  it.each([
    {
      says: 'a day whose date has come, not done, is open',
      unit: { opensAt: MAR2, doneAt: null },
      access: held,
      now: MAR2,
      state: { state: 'open' },
    },
    {
      says: 'the instant before its date, a day says the date it opens',
      unit: { opensAt: MAR2, doneAt: null },
      access: held,
      now: at('2027-03-01T23:59:59.999Z'),
      state: { state: 'opensOn', opensAt: MAR2 },
    },
    {
      says: 'a day marked done is done, with when',
      unit: { opensAt: MAR2, doneAt: at('2027-03-02T07:00:00Z') },
      access: held,
      now: at('2027-03-03T00:00:00Z'),
      state: { state: 'done', doneAt: at('2027-03-02T07:00:00Z') },
    },
    {
      says: 'a day done stays done though its date moved later (a start that moved)',
      unit: { opensAt: at('2027-03-09T00:00:00Z'), doneAt: at('2027-03-02T07:00:00Z') },
      access: held,
      now: at('2027-03-03T00:00:00Z'),
      state: { state: 'done', doneAt: at('2027-03-02T07:00:00Z') },
    },
    {
      says: 'a library entry does not drip: open while it is held',
      unit: { opensAt: null, doneAt: null },
      access: held,
      now: MAR2,
      state: { state: 'open' },
    },
    {
      says: 'a day of an item the member lost is locked with the reason, even if done',
      unit: { opensAt: MAR2, doneAt: at('2027-03-02T07:00:00Z') },
      access: { open: false, reason: 'refunded' } as const,
      now: at('2027-03-03T00:00:00Z'),
      state: { state: 'locked', reason: 'refunded' },
    },
    {
      says: 'an entry of a membership whose renewal is overdue is locked as overdue',
      unit: { opensAt: null, doneAt: null },
      access: { open: false, reason: 'overdue' } as const,
      now: MAR2,
      state: { state: 'locked', reason: 'overdue' },
    },
  ])('$says', ({ unit, access, now, state }) => {
    expect(unitState(unit, access, now)).toEqual(state);
  });

  it('serves the content of an open or done unit only', () => {
    expect(readable({ state: 'open' })).toBe(true);
    expect(readable({ state: 'done', doneAt: MAR2 })).toBe(true);
    expect(readable({ state: 'opensOn', opensAt: MAR2 })).toBe(false);
    expect(readable({ state: 'locked', reason: 'notHeld' })).toBe(false);
  });
});

const done: UnitState = { state: 'done', doneAt: MAR2 };
const open: UnitState = { state: 'open' };
const later: UnitState = { state: 'opensOn', opensAt: MAR2 };
const locked: UnitState = { state: 'locked', reason: 'refunded' };

describe('progress', () => {
  it('five days done of thirty, the sixth open: "Day 6 of 30", next is day 6', () => {
    const days = [...Array(5).fill(done), open, ...Array(24).fill(later)];
    expect(progress(days)).toEqual({ done: 5, total: 30, next: 5 });
  });

  it('a day skipped comes next before the days after it', () => {
    expect(progress([done, open, done, open])).toEqual({ done: 2, total: 4, next: 1 });
  });

  it('every open day done: next is the day that opens later', () => {
    expect(progress([done, done, later, later])).toEqual({ done: 2, total: 4, next: 2 });
  });

  it('all done: nothing next', () => {
    expect(progress([done, done, done])).toEqual({ done: 3, total: 3, next: null });
  });

  it('a locked item: nothing next', () => {
    expect(progress([locked, locked])).toEqual({ done: 0, total: 2, next: null });
  });

  it('an item with no units: 0 of 0, nothing next', () => {
    expect(progress([])).toEqual({ done: 0, total: 0, next: null });
  });
});

describe('streak: consecutive UTC days ending today or yesterday with a unit done', () => {
  it.each(STREAK_CASES)('$says', ({ done: dates, now, streak: days }) => {
    expect(streak(dates.map(at), at(now))).toBe(days);
  });

  const DAY_MS = 86_400_000;
  const instant = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms));

  it('is the same in any order, and at most the number of distinct UTC days done', () => {
    fc.assert(
      fc.property(fc.array(instant, { maxLength: 20 }), instant, (dates, now) => {
        const days = new Set(dates.map((d) => Math.floor(d.getTime() / DAY_MS)));
        expect(streak([...dates].reverse(), now)).toBe(streak(dates, now));
        expect(streak(dates, now)).toBeLessThanOrEqual(days.size);
      }),
    );
  });

  it('n days in a row ending at any time today make a streak of n', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 60 }), (now, n) => {
        const dates = Array.from({ length: n }, (_, i) => new Date(now.getTime() - i * DAY_MS));
        expect(streak(dates, now)).toBe(n);
      }),
    );
  });

  it('a unit done now never shortens the streak', () => {
    fc.assert(
      fc.property(fc.array(instant, { maxLength: 20 }), instant, (dates, now) => {
        expect(streak([...dates, now], now)).toBeGreaterThanOrEqual(Math.max(1, streak(dates, now)));
      }),
    );
  });
});
