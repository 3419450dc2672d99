// The members' area's drip and streak as tables, written from its words: "day N of a challenge opens
// N-1 days after the member starts it (the start is the first opening, or the purchase, as the
// trainer sets it); a course may open a module a week. Dates follow the billing engine's one rule
// (UTC, said as such)": a day is a UTC day, from 00:00 UTC, whatever the member's time zone. A streak
// is the run of consecutive UTC days, ending today or yesterday, with a unit done. Each row says why,
// in words; the instants are written by hand (in the member's own offset where the row is about one).

type Drip = 'daily' | 'weekly' | 'none';

export interface DripCase {
  says: string;
  drip: Drip;
  start: string;
  /** The day's (or, weekly, the module's) 1-based number. */
  number: number;
  opensAt: string;
}

const drip = (says: string, kind: Drip, start: string, number: number, opensAt: string): DripCase => ({
  says,
  drip: kind,
  start,
  number,
  opensAt,
});

const JAN31 = '2027-01-31T15:00:00Z';
const MID_DAY = '2027-01-28T12:00:00Z';

export const DRIP_CASES: DripCase[] = [
  drip("day 1 opens at 00:00 UTC of the start's UTC day", 'daily', JAN31, 1, '2027-01-31T00:00:00Z'),
  drip('day 2 opens the next UTC day, across the end of January', 'daily', JAN31, 2, '2027-02-01T00:00:00Z'),
  drip(
    'day 30 of a challenge started on February 1, 2027 opens on March 2: February has 28 days',
    'daily',
    '2027-02-01T07:00:00Z',
    30,
    '2027-03-02T00:00:00Z',
  ),
  drip(
    'in 2028, day 29 from February 1 opens on February 29',
    'daily',
    '2028-02-01T07:00:00Z',
    29,
    '2028-02-29T00:00:00Z',
  ),
  drip(
    'in 2028, day 30 from February 1 opens on March 1',
    'daily',
    '2028-02-01T07:00:00Z',
    30,
    '2028-03-01T00:00:00Z',
  ),
  drip(
    'started late on February 28, 2028, day 2 opens on the leap day',
    'daily',
    '2028-02-28T23:59:00Z',
    2,
    '2028-02-29T00:00:00Z',
  ),
  drip(
    'started late on February 28, 2028, day 3 opens on March 1',
    'daily',
    '2028-02-28T23:59:00Z',
    3,
    '2028-03-01T00:00:00Z',
  ),
  drip(
    'started in the last second of the year, day 2 opens on January 1',
    'daily',
    '2026-12-31T23:59:59Z',
    2,
    '2027-01-01T00:00:00Z',
  ),
  drip(
    'started at 00:00 UTC, day 2 opens 24 hours later',
    'daily',
    '2027-03-02T00:00:00Z',
    2,
    '2027-03-03T00:00:00Z',
  ),
  drip(
    'a member in UTC-10 who starts at 20:00 on March 1, their time (06:00 UTC on March 2), sees day 2 open at 14:00 on March 2, their time',
    'daily',
    '2027-03-01T20:00:00-10:00',
    2,
    '2027-03-02T14:00:00-10:00',
  ),
  drip(
    'a member in UTC+14 who starts at the same instant (20:00 on March 2, their time) sees day 2 open at the same instant: 14:00 on March 3, their time',
    'daily',
    '2027-03-02T20:00:00+14:00',
    2,
    '2027-03-03T14:00:00+14:00',
  ),
  drip(
    'a member in UTC+14 who starts at 09:00, their time, is still on the previous UTC day: day 2 opens at 14:00 that same day, their time',
    'daily',
    '2027-03-03T09:00:00+14:00',
    2,
    '2027-03-03T14:00:00+14:00',
  ),
  drip(
    "module 1 of a weekly course opens on the start's UTC day",
    'weekly',
    MID_DAY,
    1,
    '2027-01-28T00:00:00Z',
  ),
  drip(
    'module 2 opens 7 days after, across the end of January',
    'weekly',
    MID_DAY,
    2,
    '2027-02-04T00:00:00Z',
  ),
  drip('module 3 opens 14 days after', 'weekly', MID_DAY, 3, '2027-02-11T00:00:00Z'),
  drip(
    'a week from February 22, 2028 is the leap day',
    'weekly',
    '2028-02-22T12:00:00Z',
    2,
    '2028-02-29T00:00:00Z',
  ),
  drip(
    'two weeks from February 22, 2028 is March 7',
    'weekly',
    '2028-02-22T12:00:00Z',
    3,
    '2028-03-07T00:00:00Z',
  ),
  drip(
    "a course without drip opens every module on the start's day",
    'none',
    MID_DAY,
    5,
    '2027-01-28T00:00:00Z',
  ),
];

export interface StartCase {
  says: string;
  startsOn: 'firstOpen' | 'purchase';
  /** When the member's holding began: the payment, or a grant's beginning. */
  heldSince: string;
  firstOpenedAt: string | null;
  now: string;
  start: string;
  /** Day 2 of a daily challenge, from that start. */
  day2: string;
}

const PAID = '2027-03-01T10:00:00Z';
const OPENED = '2027-03-05T22:00:00Z';

export const START_CASES: StartCase[] = [
  {
    says: 'a challenge that starts on its first opening counts from the first opening, not the purchase',
    startsOn: 'firstOpen',
    heldSince: PAID,
    firstOpenedAt: OPENED,
    now: '2027-03-10T00:00:00Z',
    start: OPENED,
    day2: '2027-03-06T00:00:00Z',
  },
  {
    says: 'before its first opening, opening it now is the start: day 1 is open and day 2 opens the next UTC day',
    startsOn: 'firstOpen',
    heldSince: PAID,
    firstOpenedAt: null,
    now: OPENED,
    start: OPENED,
    day2: '2027-03-06T00:00:00Z',
  },
  {
    says: 'a challenge that starts on its purchase counts from the payment, however late it is first opened',
    startsOn: 'purchase',
    heldSince: PAID,
    firstOpenedAt: OPENED,
    now: '2027-03-10T00:00:00Z',
    start: PAID,
    day2: '2027-03-02T00:00:00Z',
  },
  {
    says: 'a challenge that starts on its purchase and is not opened yet still counts from the payment',
    startsOn: 'purchase',
    heldSince: PAID,
    firstOpenedAt: null,
    now: OPENED,
    start: PAID,
    day2: '2027-03-02T00:00:00Z',
  },
];

export interface StreakCase {
  says: string;
  done: string[];
  now: string;
  streak: number;
}

const streak = (says: string, done: string[], now: string, days: number): StreakCase => ({
  says,
  done,
  now,
  streak: days,
});

const EVENING = '2027-03-02T20:00:00Z';

export const STREAK_CASES: StreakCase[] = [
  streak('nothing done: no streak', [], EVENING, 0),
  streak('a unit done today: a streak of 1', ['2027-03-02T07:00:00Z'], EVENING, 1),
  streak('done yesterday and not yet today: the streak still stands', ['2027-03-01T07:00:00Z'], EVENING, 1),
  streak('last done two days ago: the streak is broken', ['2027-02-28T07:00:00Z'], EVENING, 0),
  streak(
    'three UTC days in a row, across the end of February 2027, ending today',
    ['2027-02-28T07:00:00Z', '2027-03-01T07:00:00Z', '2027-03-02T07:00:00Z'],
    EVENING,
    3,
  ),
  streak(
    'February 28 and March 1, 2028 are not in a row: the leap day is between',
    ['2028-02-28T07:00:00Z', '2028-03-01T07:00:00Z'],
    '2028-03-01T20:00:00Z',
    1,
  ),
  streak(
    'across UTC midnight, 23:59 and 00:01 are two days',
    ['2027-03-01T23:59:00Z', '2027-03-02T00:01:00Z'],
    EVENING,
    2,
  ),
  streak(
    'a member in UTC-10 who marks units done at 20:00 on March 1 and 08:00 on March 2, their time, did both on March 2 in UTC',
    ['2027-03-01T20:00:00-10:00', '2027-03-02T08:00:00-10:00'],
    EVENING,
    1,
  ),
  streak(
    'several units on one UTC day count once',
    ['2027-03-02T07:00:00Z', '2027-03-02T19:00:00Z'],
    EVENING,
    1,
  ),
  streak(
    'a missed day breaks the run: only the days after it count',
    ['2027-02-27T07:00:00Z', '2027-02-28T07:00:00Z', '2027-03-02T07:00:00Z'],
    EVENING,
    1,
  ),
  streak('a date after today does not count', ['2027-03-03T07:00:00Z'], EVENING, 0),
  streak(
    'at 00:00 UTC a unit done on the day before still counts',
    ['2027-03-01T12:00:00Z'],
    '2027-03-02T00:00:00Z',
    1,
  ),
  streak(
    'at 00:00 UTC a unit done two days before no longer counts',
    ['2027-02-28T23:59:59.999Z'],
    '2027-03-02T00:00:00Z',
    0,
  ),
];
