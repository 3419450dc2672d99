import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datesInUtc } from '../../../../domain/billing/billing-text.ts';
import {
  addDays,
  addPeriods,
  formatBillingDate,
  formatBillingTime,
  nextBoundary,
} from '../../../../domain/billing/calendar.ts';
import { at } from './fixtures.ts';

const DAY_MS = 86_400_000;

// The Gregorian calendar, written out so the expected days do not lean on the code under test.
function daysInMonth(year: number, month0: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month0] as number;
}

describe('addPeriods: a monthly plan renews on its anchor day', () => {
  const jan31 = at('2027-01-31T09:30:00Z');

  it('anchored on January 31 renews on February 28, March 31 and April 30', () => {
    expect(addPeriods(jan31, 'month', 1, 1)).toEqual(at('2027-02-28T09:30:00Z')); // 2027 is not a leap year
    expect(addPeriods(jan31, 'month', 1, 2)).toEqual(at('2027-03-31T09:30:00Z'));
    expect(addPeriods(jan31, 'month', 1, 3)).toEqual(at('2027-04-30T09:30:00Z'));
    expect(addPeriods(jan31, 'month', 1, 4)).toEqual(at('2027-05-31T09:30:00Z'));
  });

  it('anchored on January 31 of a leap year renews on February 29', () => {
    expect(addPeriods(at('2028-01-31T09:30:00Z'), 'month', 1)).toEqual(at('2028-02-29T09:30:00Z'));
  });

  it('anchored on March 31 renews on April 30 and then on May 31: the clamped day comes back', () => {
    const mar31 = at('2027-03-31T00:00:00Z');
    expect(addPeriods(mar31, 'month', 1, 1)).toEqual(at('2027-04-30T00:00:00Z'));
    expect(addPeriods(mar31, 'month', 1, 2)).toEqual(at('2027-05-31T00:00:00Z'));
  });

  it('bought on May 31 renews on June 30, not on July 1', () => {
    expect(addPeriods(at('2026-05-31T18:00:00Z'), 'month', 1)).toEqual(at('2026-06-30T18:00:00Z'));
  });

  it('crosses the year: December 15 renews on January 15', () => {
    expect(addPeriods(at('2026-12-15T12:00:00Z'), 'month', 1)).toEqual(at('2027-01-15T12:00:00Z'));
  });

  it('keeps the time of day to the millisecond', () => {
    expect(addPeriods(at('2026-01-10T23:59:59.999Z'), 'month', 1, 5)).toEqual(at('2026-06-10T23:59:59.999Z'));
  });

  it('is the anchor itself after zero periods', () => {
    expect(addPeriods(jan31, 'month', 1, 0)).toEqual(jan31);
  });
});

describe('addPeriods: quarterly (three months a period) counts every end from the anchor', () => {
  const nov30 = at('2026-11-30T00:00:00Z');

  it('from November 30 gives February 28, then May 30, August 30 and November 30', () => {
    expect(addPeriods(nov30, 'month', 3, 1)).toEqual(at('2027-02-28T00:00:00Z')); // Nov + 3 = Feb 2027, 28 days
    // Nov + 6 = May: the anchor's 30th, not the 28th carried over from February.
    expect(addPeriods(nov30, 'month', 3, 2)).toEqual(at('2027-05-30T00:00:00Z'));
    expect(addPeriods(nov30, 'month', 3, 3)).toEqual(at('2027-08-30T00:00:00Z'));
    expect(addPeriods(nov30, 'month', 3, 4)).toEqual(at('2027-11-30T00:00:00Z'));
  });

  it('from November 30, 2027 gives February 29, 2028', () => {
    expect(addPeriods(at('2027-11-30T00:00:00Z'), 'month', 3)).toEqual(at('2028-02-29T00:00:00Z'));
  });
});

describe('addPeriods: yearly', () => {
  it('anchored on February 29, 2028 renews on February 28, 2029 and on February 29, 2032', () => {
    const feb29 = at('2028-02-29T08:00:00Z');
    expect(addPeriods(feb29, 'year', 1, 1)).toEqual(at('2029-02-28T08:00:00Z'));
    expect(addPeriods(feb29, 'year', 1, 4)).toEqual(at('2032-02-29T08:00:00Z')); // 2028 + 4, a leap year again
  });

  it('renews on the same day the next year', () => {
    expect(addPeriods(at('2026-07-04T10:00:00Z'), 'year', 1)).toEqual(at('2027-07-04T10:00:00Z'));
  });

  it('with a count of 2 renews every two years', () => {
    expect(addPeriods(at('2026-07-04T10:00:00Z'), 'year', 2, 2)).toEqual(at('2030-07-04T10:00:00Z')); // 2 × 2 years
  });
});

describe('addPeriods: days and weeks are exact multiples of 24 h', () => {
  const start = at('2026-03-01T12:00:00Z');

  it('moves weekly periods by 7 × 24 h each', () => {
    expect(addPeriods(start, 'week', 1, 2).getTime() - start.getTime()).toBe(1_209_600_000); // 2 × 7 × 86 400 000
    expect(addPeriods(start, 'week', 1, 2)).toEqual(at('2026-03-15T12:00:00Z'));
  });

  it('moves every-two-weeks periods by 14 days each', () => {
    expect(addPeriods(start, 'week', 2, 3)).toEqual(at('2026-04-12T12:00:00Z')); // Mar 1 + 3 × 14 = Mar 43 = Apr 12
  });

  it('moves daily periods by 24 h each, whatever a local clock does that night', () => {
    // March 8, 2026 is the US change to summer time; in UTC the day still has 24 hours.
    expect(addPeriods(at('2026-03-07T12:00:00Z'), 'day', 1, 2)).toEqual(at('2026-03-09T12:00:00Z'));
    expect(addPeriods(start, 'day', 3, 2).getTime() - start.getTime()).toBe(518_400_000); // 3 × 2 × 86 400 000
  });

  it('addDays adds whole days of 24 h', () => {
    expect(addDays(at('2026-12-25T23:00:00Z'), 14)).toEqual(at('2027-01-08T23:00:00Z')); // Dec 25 + 14 = Dec 39 = Jan 8
  });
});

describe('nextBoundary: the end of the period that runs at a moment', () => {
  const jan31 = at('2027-01-31T09:30:00Z');

  it('is February 28 for a moment in the first month of a plan anchored on January 31', () => {
    expect(nextBoundary(jan31, 'month', 1, at('2027-02-10T00:00:00Z'))).toEqual(at('2027-02-28T09:30:00Z'));
  });

  it('is the boundary itself one millisecond before it', () => {
    expect(nextBoundary(jan31, 'month', 1, at('2027-02-28T09:29:59.999Z'))).toEqual(
      at('2027-02-28T09:30:00Z'),
    );
  });

  it('is the next end exactly at a boundary: the period that starts there runs', () => {
    expect(nextBoundary(jan31, 'month', 1, at('2027-02-28T09:30:00Z'))).toEqual(at('2027-03-31T09:30:00Z'));
  });

  it('is the first period end exactly at the anchor', () => {
    expect(nextBoundary(jan31, 'month', 1, jan31)).toEqual(at('2027-02-28T09:30:00Z'));
  });

  it('is April 30 in the middle of April, and the day 31 comes back in May', () => {
    expect(nextBoundary(jan31, 'month', 1, at('2027-04-15T00:00:00Z'))).toEqual(at('2027-04-30T09:30:00Z'));
    expect(nextBoundary(jan31, 'month', 1, at('2027-05-01T00:00:00Z'))).toEqual(at('2027-05-31T09:30:00Z'));
  });

  it('stays on the anchor day years later', () => {
    // 53 months after the anchor, in June 2031, which has 30 days.
    expect(nextBoundary(jan31, 'month', 1, at('2031-06-15T00:00:00Z'))).toEqual(at('2031-06-30T09:30:00Z'));
    expect(nextBoundary(jan31, 'month', 1, at('2031-07-01T00:00:00Z'))).toEqual(at('2031-07-31T09:30:00Z'));
  });

  it('is the anchor when the anchor is still ahead, as at the end of a trial', () => {
    const trialEnd = at('2027-02-14T00:00:00Z');
    expect(nextBoundary(trialEnd, 'month', 1, at('2027-02-01T00:00:00Z'))).toEqual(trialEnd);
  });

  it('counts quarters from the anchor: May 30 after a February 28 end', () => {
    const nov30 = at('2026-11-30T00:00:00Z');
    expect(nextBoundary(nov30, 'month', 3, at('2027-03-01T00:00:00Z'))).toEqual(at('2027-05-30T00:00:00Z'));
    expect(nextBoundary(nov30, 'month', 3, at('2027-02-28T00:00:00Z'))).toEqual(at('2027-05-30T00:00:00Z'));
  });

  it('gives February 28 for a yearly plan anchored on February 29 in a year that has none', () => {
    const feb29 = at('2028-02-29T00:00:00Z');
    expect(nextBoundary(feb29, 'year', 1, at('2030-03-01T00:00:00Z'))).toEqual(at('2031-02-28T00:00:00Z'));
    expect(nextBoundary(feb29, 'year', 1, at('2031-12-31T00:00:00Z'))).toEqual(at('2032-02-29T00:00:00Z'));
  });

  it('steps weekly periods from the anchor', () => {
    const monday = at('2026-03-02T00:00:00Z');
    // Boundaries Mar 9, 16, 23: the 20th falls in the third week.
    expect(nextBoundary(monday, 'week', 1, at('2026-03-20T00:00:00Z'))).toEqual(at('2026-03-23T00:00:00Z'));
    expect(nextBoundary(monday, 'week', 1, at('2026-03-16T00:00:00Z'))).toEqual(at('2026-03-23T00:00:00Z'));
  });

  it('steps daily periods from the anchor', () => {
    const start = at('2026-03-02T06:00:00Z');
    expect(nextBoundary(start, 'day', 1, at('2026-03-04T05:59:59Z'))).toEqual(at('2026-03-04T06:00:00Z'));
    expect(nextBoundary(start, 'day', 1, at('2026-03-04T06:00:00Z'))).toEqual(at('2026-03-05T06:00:00Z'));
  });
});

describe('formatBillingDate: dates are stated in UTC', () => {
  // 03:00 UTC on December 2 is 19:00 on December 1 in California (UTC−8 in winter).
  const eveningInCalifornia = at('2026-12-02T03:00:00Z');

  it('states the day in UTC in English and in Spanish', () => {
    expect(formatBillingDate(eveningInCalifornia, 'en')).toBe('December 2, 2026');
    expect(formatBillingDate(eveningInCalifornia, 'es')).toBe('2 de diciembre de 2026');
  });

  it('states the UTC day, not the day a member in California is living', () => {
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Los_Angeles' });
    expect(local.format(eveningInCalifornia)).toBe('December 1, 2026');
    expect(formatBillingDate(eveningInCalifornia, 'en')).toBe('December 2, 2026');
  });

  it('takes an ISO string as well as a date', () => {
    expect(formatBillingDate('2027-02-28T23:59:59Z', 'en')).toBe('February 28, 2027');
    expect(formatBillingDate('2027-02-28T23:59:59Z', 'es')).toBe('28 de febrero de 2027');
  });

  it('gives back a string that is not a date as it came', () => {
    expect(formatBillingDate('not a date', 'en')).toBe('not a date');
  });

  it('comes with a sentence that says the dates are in UTC', () => {
    expect(datesInUtc('en')).toBe('Dates are in UTC.');
    expect(datesInUtc('es')).toBe('Las fechas están en UTC.');
  });
});

describe('formatBillingTime: when a quote stops standing, to the minute, in UTC', () => {
  // Some ICU versions put a narrow no-break space before AM/PM: the words matter, not which space.
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('states the day and the minute in English and in Spanish', () => {
    const at1616 = at('2026-12-02T16:16:00Z');
    expect(plain(formatBillingTime(at1616, 'en'))).toBe('December 2, 2026 at 4:16 PM');
    // Spain reads a 24-hour clock; the word between date and hour varies with the CLDR version.
    expect(plain(formatBillingTime(at1616, 'es'))).toMatch(/^2 de diciembre de 2026\b.* 16:16$/);
  });

  it('states the UTC day and hour, not the evening a member in California is living', () => {
    // 03:05 UTC on December 2 is 19:05 on December 1 in California (UTC−8 in winter).
    expect(plain(formatBillingTime(at('2026-12-02T03:05:00Z'), 'en'))).toBe('December 2, 2026 at 3:05 AM');
  });
});

describe('calendar properties', () => {
  const anchors = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('a monthly plan always lands on the anchor day, or the last day of a shorter month', () => {
    fc.assert(
      fc.property(anchors, fc.integer({ min: 0, max: 240 }), (anchor, n) => {
        const end = addPeriods(anchor, 'month', 1, n);
        const months = anchor.getUTCMonth() + n;
        const year = anchor.getUTCFullYear() + Math.floor(months / 12);
        const month = months % 12;
        expect(end.getUTCFullYear()).toBe(year);
        expect(end.getUTCMonth()).toBe(month);
        expect(end.getUTCDate()).toBe(Math.min(anchor.getUTCDate(), daysInMonth(year, month)));
        expect(end.getTime() % DAY_MS).toBe(anchor.getTime() % DAY_MS);
      }),
    );
  });

  it('nextBoundary is after the moment, on the anchor day, and at most one period away', () => {
    fc.assert(
      fc.property(anchors, fc.integer({ min: 0, max: 20 * 365 * DAY_MS }), (anchor, elapsed) => {
        const moment = new Date(anchor.getTime() + elapsed);
        const end = nextBoundary(anchor, 'month', 1, moment);
        expect(end.getTime()).toBeGreaterThan(moment.getTime());
        // The longest month has 31 days: a later boundary would skip the one this period ends on.
        expect(end.getTime() - moment.getTime()).toBeLessThanOrEqual(31 * DAY_MS);
        expect(end.getUTCDate()).toBe(
          Math.min(anchor.getUTCDate(), daysInMonth(end.getUTCFullYear(), end.getUTCMonth())),
        );
        expect(end.getTime() % DAY_MS).toBe(anchor.getTime() % DAY_MS);
      }),
    );
  });

  it('weekly boundaries are a whole number of weeks from the anchor', () => {
    fc.assert(
      fc.property(anchors, fc.integer({ min: 0, max: 5 * 365 * DAY_MS }), (anchor, elapsed) => {
        const moment = new Date(anchor.getTime() + elapsed);
        const end = nextBoundary(anchor, 'week', 1, moment);
        const weeks = (end.getTime() - anchor.getTime()) / (7 * DAY_MS);
        expect(Number.isInteger(weeks)).toBe(true);
        expect(end.getTime()).toBeGreaterThan(moment.getTime());
        expect(end.getTime() - moment.getTime()).toBeLessThanOrEqual(7 * DAY_MS);
      }),
    );
  });
});
