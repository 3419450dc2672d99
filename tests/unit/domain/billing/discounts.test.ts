import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  couponUsable,
  discountAfterInvoice,
  discountApplies,
  discountedLines,
  discountStarting,
  invoiceLineAmount,
} from '../../../../domain/billing/discounts.ts';
import { at, coupon, quarterOffFor, quarterOffForever, twentyOffOnce } from './fixtures.ts';

const tenDollarsOff = coupon({ id: 'ten_off', amountOff: 1000, currency: 'usd', duration: 'forever' });

describe('discountedLines: a percentage comes off each line', () => {
  it('takes 20% off $29.99, rounded to the cent', () => {
    expect(discountedLines([2999], twentyOffOnce)).toEqual([2399]); // 2999 - round(599.8) = 2999 - 600
  });

  it('rounds each line on its own, not the total', () => {
    const tenPercent = coupon({ percentOff: 10 });
    // Each line: 333 - round(33.3) = 300; on the total it would be 999 - round(99.9) = 899.
    expect(discountedLines([333, 333, 333], tenPercent)).toEqual([300, 300, 300]);
  });

  it('takes 15% off two one-time products', () => {
    const fifteen = coupon({ percentOff: 15 });
    // 4900 - round(735) = 4165; 1999 - round(299.85) = 1999 - 300 = 1699
    expect(discountedLines([4900, 1999], fifteen)).toEqual([4165, 1699]);
  });

  it('takes a whole line off at 100%', () => {
    expect(discountedLines([2999, 4900], coupon({ percentOff: 100 }))).toEqual([0, 0]);
  });

  it('leaves the lines as they are without a coupon', () => {
    expect(discountedLines([2999, 4900], null)).toEqual([2999, 4900]);
  });
});

describe('discountedLines: a fixed amount comes off the lines in order', () => {
  it('takes $10 off one line of $29.99', () => {
    expect(discountedLines([2999], tenDollarsOff)).toEqual([1999]); // 2999 - 1000
  });

  it('uses what one line leaves of the amount on the next', () => {
    const twelveOff = coupon({ amountOff: 1200, currency: 'usd' });
    // Line 1: 1000 - min(1200, 1000) = 0, 200 left; line 2: 500 - 200 = 300; nothing left for line 3.
    expect(discountedLines([1000, 500, 2000], twelveOff)).toEqual([0, 300, 2000]);
  });

  it('never takes a line below zero, and does not carry the rest anywhere', () => {
    const fiftyOff = coupon({ amountOff: 5000, currency: 'usd' });
    expect(discountedLines([2999], fiftyOff)).toEqual([0]); // 2999 - min(5000, 2999)
    // Line 1: 4900 - 4900 = 0, 100 left; line 2: 1999 - 100 = 1899.
    expect(discountedLines([4900, 1999], fiftyOff)).toEqual([0, 1899]);
  });
});

describe('discountStarting and discountApplies: how long a coupon lasts', () => {
  const start = at('2027-01-31T10:00:00Z');

  it('has no discount without a coupon', () => {
    expect(discountStarting(null, start)).toBeNull();
    expect(discountApplies(null, start)).toBe(false);
  });

  it('gives a once or forever coupon no end date', () => {
    expect(discountStarting(twentyOffOnce, start)).toEqual({ coupon: twentyOffOnce, end: null });
    expect(discountStarting(quarterOffForever, start)).toEqual({ coupon: quarterOffForever, end: null });
  });

  it('counts a repeating coupon’s months from the start on the calendar', () => {
    // January 31 + 3 months = April 31, which April does not have: April 30.
    expect(discountStarting(quarterOffFor(3), start)?.end).toEqual(at('2027-04-30T10:00:00Z'));
    expect(discountStarting(quarterOffFor(1), start)?.end).toEqual(at('2027-02-28T10:00:00Z'));
    expect(discountStarting(quarterOffFor(12), start)?.end).toEqual(at('2028-01-31T10:00:00Z'));
  });

  it('applies a repeating coupon until just before its end, and not at the end itself', () => {
    const discount = discountStarting(quarterOffFor(3), start);
    expect(discountApplies(discount, start)).toBe(true);
    expect(discountApplies(discount, at('2027-04-30T09:59:59.999Z'))).toBe(true);
    // An invoice created at the boundary is the first one past the three months.
    expect(discountApplies(discount, at('2027-04-30T10:00:00Z'))).toBe(false);
  });

  it('applies a forever coupon at any time', () => {
    const discount = discountStarting(quarterOffForever, start);
    expect(discountApplies(discount, at('2099-12-31T00:00:00Z'))).toBe(true);
  });
});

describe('invoiceLineAmount', () => {
  it('discounts a line while the discount applies', () => {
    const discount = discountStarting(quarterOffFor(3), at('2027-01-31T10:00:00Z'));
    expect(invoiceLineAmount(2999, discount, at('2027-03-31T10:00:00Z'))).toBe(2249); // 2999 - round(749.75)
  });

  it('charges the full amount once the discount has ended', () => {
    const discount = discountStarting(quarterOffFor(3), at('2027-01-31T10:00:00Z'));
    expect(invoiceLineAmount(2999, discount, at('2027-04-30T10:00:00Z'))).toBe(2999);
  });

  it('charges the full amount without a discount', () => {
    expect(invoiceLineAmount(2999, null, at('2027-01-31T10:00:00Z'))).toBe(2999);
  });
});

describe('discountAfterInvoice: what an invoice uses up', () => {
  const start = at('2027-01-31T10:00:00Z');

  it('keeps a once coupon through a trial’s free invoice', () => {
    const discount = discountStarting(twentyOffOnce, start);
    expect(discountAfterInvoice(discount, start, 0)).toBe(discount);
  });

  it('uses a once coupon up on the first invoice that charges something', () => {
    const discount = discountStarting(twentyOffOnce, start);
    expect(discountAfterInvoice(discount, start, 2999)).toBeNull();
  });

  it('uses a 100% once coupon up on the invoice it makes free: the subtotal is what counts', () => {
    const discount = discountStarting(coupon({ percentOff: 100, duration: 'once' }), start);
    expect(discountAfterInvoice(discount, start, 2999)).toBeNull(); // 2999 before the discount, 0 after
  });

  it('keeps a repeating coupon while its months run, and drops it at its end', () => {
    const discount = discountStarting(quarterOffFor(3), start);
    expect(discountAfterInvoice(discount, at('2027-03-31T10:00:00Z'), 2999)).toBe(discount);
    expect(discountAfterInvoice(discount, at('2027-04-30T10:00:00Z'), 2999)).toBeNull();
  });

  it('keeps a forever coupon', () => {
    const discount = discountStarting(quarterOffForever, start);
    expect(discountAfterInvoice(discount, at('2040-01-01T00:00:00Z'), 2999)).toBe(discount);
  });

  it('has nothing to keep without a discount', () => {
    expect(discountAfterInvoice(null, start, 2999)).toBeNull();
  });
});

describe('couponUsable', () => {
  const now = at('2026-06-15T12:00:00Z');

  it('takes an active coupon with no expiry', () => {
    expect(couponUsable(twentyOffOnce, 'usd', now)).toBe(true);
    expect(couponUsable({ ...twentyOffOnce, active: true, expiresAt: null }, 'usd', now)).toBe(true);
  });

  it('refuses an inactive coupon', () => {
    expect(couponUsable({ ...twentyOffOnce, active: false }, 'usd', now)).toBe(false);
  });

  it('refuses a coupon past its expiry, and takes one not yet expired', () => {
    expect(couponUsable({ ...twentyOffOnce, expiresAt: at('2026-06-14T12:00:00Z') }, 'usd', now)).toBe(false);
    expect(couponUsable({ ...twentyOffOnce, expiresAt: at('2026-06-15T12:00:00.001Z') }, 'usd', now)).toBe(
      true,
    );
  });

  it('refuses a fixed amount in another currency than the prices', () => {
    expect(couponUsable(tenDollarsOff, 'eur', now)).toBe(false);
  });

  it('reads the currency in any case', () => {
    expect(couponUsable(tenDollarsOff, 'USD', now)).toBe(true);
    expect(couponUsable({ ...tenDollarsOff, currency: 'USD' }, 'usd', now)).toBe(true);
  });

  it('takes a percentage in any currency', () => {
    expect(couponUsable(twentyOffOnce, 'jpy', now)).toBe(true);
  });

  it('takes a percentage in any currency even when it names one: a percentage has no currency', () => {
    expect(couponUsable({ ...twentyOffOnce, currency: 'usd' }, 'eur', now)).toBe(true);
  });

  it('refuses a coupon at its expiry moment, as a period ends at its end', () => {
    expect(couponUsable({ ...twentyOffOnce, expiresAt: now }, 'usd', now)).toBe(false);
  });
});

describe('discount properties', () => {
  const amounts = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 6 });

  it('a percentage never takes a line below zero nor above its full amount', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 1, max: 100 }), (lines, percentOff) => {
        const result = discountedLines(lines, coupon({ percentOff }));
        expect(result).toHaveLength(lines.length);
        result.forEach((amount, i) => {
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(lines[i] as number);
          expect(Number.isInteger(amount)).toBe(true);
        });
      }),
    );
  });

  it('a fixed amount takes off exactly itself, or everything when the lines cost less', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 1, max: 20_000_000 }), (lines, amountOff) => {
        const result = discountedLines(lines, coupon({ amountOff, currency: 'usd' }));
        const full = lines.reduce((sum, n) => sum + n, 0);
        const paid = result.reduce((sum, n) => sum + n, 0);
        expect(full - paid).toBe(Math.min(amountOff, full));
        result.forEach((amount, i) => {
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(lines[i] as number);
        });
      }),
    );
  });
});
