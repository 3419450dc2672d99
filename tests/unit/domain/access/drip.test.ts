// The drip against the table written from the members' area's words (tests/spec/drip.table.ts), and
// what holds for any start: days in order, never before the start's UTC day, the same in any time zone.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DripRule, memberStart, unitOpensAt, utcDay } from '../../../../domain/access/drip.ts';
import { DRIP_CASES, START_CASES } from '../../../spec/drip.table.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DAY_MS = 86_400_000;
const rule = (drip: DripRule['drip'], startsOn: DripRule['startsOn'] = 'firstOpen'): DripRule => ({
  kind: drip === 'daily' ? 'challenge' : 'course',
  productId: 'prod_x',
  startsOn,
  drip,
});

describe('unitOpensAt: day N opens at 00:00 UTC of the start day plus N-1 days; a weekly module 7 days apart', () => {
  it.each(DRIP_CASES)('$says', ({ drip, start, number, opensAt }) => {
    expect(unitOpensAt(rule(drip), number - 1, new Date(start))).toEqual(new Date(opensAt));
  });
});

describe('memberStart: the first opening or the purchase, as the trainer sets it', () => {
  it.each(START_CASES)('$says', ({ startsOn, heldSince, firstOpenedAt, now, start, day2 }) => {
    const item = rule('daily', startsOn);
    const from = memberStart(
      item,
      { since: new Date(heldSince) },
      firstOpenedAt === null ? null : new Date(firstOpenedAt),
      new Date(now),
    );
    expect(from).toEqual(new Date(start));
    expect(unitOpensAt(item, 1, from)).toEqual(new Date(day2));
  });
});

describe('the device plays no part: the same instants in any time zone', () => {
  // A process's zone is read once per process in a test worker, so each zone is tried in a child
  // process of its own, which reports the day-2 openings of the drip table's rows.
  const ZONES = ['Pacific/Honolulu', 'Pacific/Kiritimati', 'Asia/Kathmandu', 'America/Sao_Paulo'];
  const script = `
    import { unitOpensAt } from './domain/access/drip.ts';
    import { DRIP_CASES } from './tests/spec/drip.table.ts';
    const localMidnight = new Date(Date.UTC(2027, 2, 2)).getHours() === 0;
    const opens = DRIP_CASES.map(({ drip, start, number }) =>
      unitOpensAt({ kind: 'course', productId: 'prod_x', startsOn: 'firstOpen', drip }, number - 1, new Date(start)).toISOString());
    console.log(JSON.stringify({ localMidnight, opens }));
  `;

  it.each(ZONES)('in %s', (zone) => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, TZ: zone },
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      localMidnight: false,
      opens: DRIP_CASES.map(({ opensAt }) => new Date(opensAt).toISOString()),
    });
  });
});

// Dates from 1970 to 2100, to the millisecond.
const instant = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms));
const dripKind = fc.constantFrom<DripRule['drip']>('daily', 'weekly', 'none');

describe('for any start', () => {
  it('utcDay is the UTC midnight at or before the instant, less than a day before', () => {
    fc.assert(
      fc.property(instant, (at) => {
        const day = utcDay(at);
        expect(day.getTime() % DAY_MS).toBe(0);
        expect(day.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime() - day.getTime()).toBeLessThan(DAY_MS);
      }),
    );
  });

  it("no unit opens before the start's UTC day, and each opens at a UTC midnight", () => {
    fc.assert(
      fc.property(dripKind, instant, fc.nat(400), (drip, start, step) => {
        const opens = unitOpensAt(rule(drip), step, start);
        expect(opens.getTime()).toBeGreaterThanOrEqual(utcDay(start).getTime());
        expect(opens.getTime() % DAY_MS).toBe(0);
      }),
    );
  });

  it('day N+1 never opens before day N, and a daily day N+1 opens exactly one day later', () => {
    fc.assert(
      fc.property(dripKind, instant, fc.nat(400), (drip, start, step) => {
        const day = unitOpensAt(rule(drip), step, start).getTime();
        const next = unitOpensAt(rule(drip), step + 1, start).getTime();
        expect(next).toBeGreaterThanOrEqual(day);
        if (drip === 'daily') expect(next - day).toBe(DAY_MS);
      }),
    );
  });

  it('a later start never opens a unit sooner', () => {
    fc.assert(
      fc.property(dripKind, instant, instant, fc.nat(400), (drip, a, b, step) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(unitOpensAt(rule(drip), step, late).getTime()).toBeGreaterThanOrEqual(
          unitOpensAt(rule(drip), step, early).getTime(),
        );
      }),
    );
  });
});
