// What holds for any member's holdings: open when any holding alone opens it, so adding a holding
// never closes an item nor moves its start later or its end sooner, and the order of the holdings
// does not matter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Holding, type ItemRule, itemAccess } from '../../../../domain/access/access.ts';

// A few months, to the hour, so that starts, ends and `now` often meet.
const instant = fc
  .integer({ min: 0, max: 24 * 120 })
  .map((h) => new Date(Date.UTC(2027, 0, 1) + h * 3_600_000));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const product = fc.constantFrom('prod_shred', 'prod_strength');
const plan = fc.constantFrom('monthly', 'annual', 'quarterly');

const holding: fc.Arbitrary<Holding> = fc.oneof(
  fc.record({
    kind: fc.constant('purchase' as const),
    productId: product,
    paidAt: instant,
    refundedAt: maybe(instant),
  }),
  fc.record({
    kind: fc.constant('subscription' as const),
    lookupKey: maybe(plan),
    status: fc.constantFrom('trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete'),
    startedAt: instant,
    currentPeriodEnd: instant,
    cancelAtPeriodEnd: fc.boolean(),
    endedAt: maybe(instant),
  }),
  fc.record({
    kind: fc.constant('grant' as const),
    target: fc.oneof(fc.constant('membership' as const), fc.record({ productId: product })),
    from: instant,
    until: maybe(instant),
    revokedAt: maybe(instant),
  }),
);

const item: fc.Arbitrary<ItemRule> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('challenge' as const, 'course' as const),
    productId: product,
    startsOn: fc.constantFrom('firstOpen' as const, 'purchase' as const),
    drip: fc.constantFrom('daily' as const, 'weekly' as const, 'none' as const),
  }),
  fc.record({ kind: fc.constant('library' as const), plans: maybe(fc.uniqueArray(plan, { maxLength: 2 })) }),
);

const holdings = fc.array(holding, { maxLength: 5 });
const time = (d: Date | null) => (d === null ? Number.POSITIVE_INFINITY : d.getTime());

describe('for any holdings', () => {
  it('an item is open exactly when one of the holdings alone opens it, and then through one that does', () => {
    fc.assert(
      fc.property(item, holdings, instant, (it, hs, now) => {
        const access = itemAccess(it, hs, now);
        const alone = hs.map((h) => itemAccess(it, [h], now));
        expect(access.open).toBe(alone.some((a) => a.open));
        if (access.open) expect(alone.some((a) => a.open && a.via === access.via)).toBe(true);
      }),
    );
  });

  it('open means held now: since at or before now, until after it', () => {
    fc.assert(
      fc.property(item, holdings, instant, (it, hs, now) => {
        const access = itemAccess(it, hs, now);
        if (!access.open) return;
        expect(access.since.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(time(access.until)).toBeGreaterThan(now.getTime());
      }),
    );
  });

  it('adding a holding never closes an item, nor moves its start later or its end sooner', () => {
    fc.assert(
      fc.property(item, holdings, holding, instant, (it, hs, extra, now) => {
        const before = itemAccess(it, hs, now);
        const after = itemAccess(it, [...hs, extra], now);
        if (!before.open) return;
        expect(after.open).toBe(true);
        if (!after.open) return;
        expect(after.since.getTime()).toBeLessThanOrEqual(before.since.getTime());
        expect(time(after.until)).toBeGreaterThanOrEqual(time(before.until));
      }),
    );
  });

  it('the order of the holdings does not matter', () => {
    fc.assert(
      fc.property(item, holdings, instant, (it, hs, now) => {
        expect(itemAccess(it, [...hs].reverse(), now)).toEqual(itemAccess(it, hs, now));
      }),
    );
  });
});
