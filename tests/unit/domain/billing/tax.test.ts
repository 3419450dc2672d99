import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkTaxSettings,
  formatTaxRate,
  shareCharge,
  taxed,
  taxFor,
  taxRuleFor,
} from '../../../../domain/billing/tax.ts';

// The demo's regions and their standard VAT rates, in basis points, as the tests' own table: the
// code under test holds no rate.
const RATES = { ES: 2100, DE: 1900, FR: 2000, GB: 2000 };

describe('taxFor: exclusive prices have the tax added', () => {
  it('adds 21 % to $29.99', () => {
    // 2999 × 0.21 = 629.79 → 630; 2999 + 630 = 3629
    expect(taxFor(2999, 2100, 'exclusive')).toEqual({ net: 2999, tax: 630, total: 3629 });
  });

  it('adds 19 % to €49.00', () => {
    // 4900 × 0.19 = 931 exactly; 4900 + 931 = 5831
    expect(taxFor(4900, 1900, 'exclusive')).toEqual({ net: 4900, tax: 931, total: 5831 });
  });

  it('rounds a half cent up', () => {
    // 25 × 0.1 = 2.5 → 3 (half up); 25 + 3 = 28
    expect(taxFor(25, 1000, 'exclusive')).toEqual({ net: 25, tax: 3, total: 28 });
    // 1999 × 0.2 = 399.8 → 400; 1999 + 400 = 2399
    expect(taxFor(1999, 2000, 'exclusive')).toEqual({ net: 1999, tax: 400, total: 2399 });
  });

  it('rounds just under a half cent down', () => {
    // 2499 × 0.21 = 524.79 → 525; 2 × 0.21 = 0.42 → 0
    expect(taxFor(2499, 2100, 'exclusive')).toEqual({ net: 2499, tax: 525, total: 3024 });
    expect(taxFor(2, 2100, 'exclusive')).toEqual({ net: 2, tax: 0, total: 2 });
  });
});

describe('taxFor: inclusive prices hold the tax', () => {
  it('takes 21 % out of $29.99', () => {
    // 2999 × 0.21 / 1.21 = 520.49 → 520; net 2999 − 520 = 2479 (2999 / 1.21 = 2478.51)
    expect(taxFor(2999, 2100, 'inclusive')).toEqual({ net: 2479, tax: 520, total: 2999 });
  });

  it('takes 20 % out of £12.00', () => {
    // 1200 × 0.2 / 1.2 = 200 exactly; net 1000
    expect(taxFor(1200, 2000, 'inclusive')).toEqual({ net: 1000, tax: 200, total: 1200 });
  });

  it('takes 19 % out of €49.00', () => {
    // 4900 × 0.19 / 1.19 = 782.35 → 782; net 4900 − 782 = 4118
    expect(taxFor(4900, 1900, 'inclusive')).toEqual({ net: 4118, tax: 782, total: 4900 });
  });

  it('rounds a half cent up', () => {
    // 21 × 0.1 / 1.1 = 1.909… → 2, net 19; 1 × 0.5 / 1.5 = 0.333… → 0, net 1;
    // 3 × 0.2 / 1.2 = 0.5 → 1 (half up), net 2
    expect(taxFor(21, 1000, 'inclusive')).toEqual({ net: 19, tax: 2, total: 21 });
    expect(taxFor(1, 5000, 'inclusive')).toEqual({ net: 1, tax: 0, total: 1 });
    expect(taxFor(3, 2000, 'inclusive')).toEqual({ net: 2, tax: 1, total: 3 });
  });
});

describe('taxFor: what holds for every amount and rate', () => {
  it('net + tax = total, the tax never negative, and a zero amount has no tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom('inclusive' as const, 'exclusive' as const),
        (amount, rate, mode) => {
          const { net, tax, total } = taxFor(amount, rate, mode);
          expect(net + tax).toBe(total);
          expect(tax).toBeGreaterThanOrEqual(0);
          expect(mode === 'exclusive' ? net : total).toBe(amount);
          if (amount === 0) expect(tax).toBe(0);
        },
      ),
    );
  });

  it('refuses what is not an amount', () => {
    expect(() => taxFor(-1, 2100, 'exclusive')).toThrow(/Not an amount/);
    expect(() => taxFor(12.5, 2100, 'inclusive')).toThrow(/Not an amount/);
  });
});

describe('taxRuleFor and taxed: who pays tax', () => {
  const settings = { mode: 'exclusive' as const, rates: RATES };

  it('applies the rate of the member’s country', () => {
    expect(taxRuleFor(settings, 'ES')).toEqual({ mode: 'exclusive', country: 'ES', rateBasisPoints: 2100 });
    // 2999 × 0.19 = 569.81 → 570; 2999 + 570 = 3569
    expect(taxed(2999, taxRuleFor(settings, 'DE'))).toEqual({ net: 2999, tax: 570, total: 3569 });
  });

  it('charges no tax outside the countries the trainer collects in, nor without settings or a country', () => {
    expect(taxRuleFor(settings, 'US')).toBeNull();
    expect(taxRuleFor(settings, null)).toBeNull();
    expect(taxRuleFor(null, 'ES')).toBeNull();
    expect(taxed(2999, null)).toEqual({ net: 2999, tax: 0, total: 2999 });
  });
});

describe('shareCharge: one charge’s tax among the lines it paid', () => {
  it('exclusive: each line its share of the tax on top of its price, the last what rounding leaves', () => {
    // 4900 + 2900 = 7800 of prices and 1638 of tax: 1638 × 4900 / 7800 = 1029 (1029.0); 1638 − 1029 = 609.
    expect(shareCharge([4900, 2900], { tax: 1638, total: 9438 }, 'exclusive')).toEqual([
      { tax: 1029, total: 5929 },
      { tax: 609, total: 3509 },
    ]);
  });

  it('rounds each share down, so the last line takes the units left over', () => {
    // 100 of tax over three prices of 1000: 33.33 rounds down to 33 twice; the last takes 100 − 66 = 34.
    expect(shareCharge([1000, 1000, 1000], { tax: 100, total: 3100 }, 'exclusive')).toEqual([
      { tax: 33, total: 1033 },
      { tax: 33, total: 1033 },
      { tax: 34, total: 1034 },
    ]);
  });

  it('inclusive: each line’s price holds its share, and the totals are the prices', () => {
    // 4900 + 2900 = 7800 paid, 1354 of it tax: 1354 × 4900 / 7800 = 850.6, rounded down to 850; 1354 − 850 = 504.
    expect(shareCharge([4900, 2900], { tax: 1354, total: 7800 }, 'inclusive')).toEqual([
      { tax: 850, total: 4900 },
      { tax: 504, total: 2900 },
    ]);
  });

  it('one line is the whole charge, whatever its price', () => {
    expect(shareCharge([4900], { tax: 1029, total: 5930 }, 'exclusive')).toEqual([
      { tax: 1029, total: 5930 },
    ]);
  });
});

describe('formatTaxRate: a rate as the percent a page states', () => {
  it.each([
    [2100, 'en', '21'],
    [550, 'en', '5.5'],
    [1950, 'es', '19,5'],
    [0, 'es', '0'],
  ])('%i basis points in %s: %s', (basisPoints, locale, stated) => {
    expect(formatTaxRate(basisPoints, locale)).toBe(stated);
  });
});

describe('checkTaxSettings', () => {
  it('keeps good settings', () => {
    expect(checkTaxSettings({ mode: 'inclusive', rates: RATES })).toEqual({
      ok: true,
      settings: { mode: 'inclusive', rates: RATES },
    });
  });

  it('names the first rule broken', () => {
    expect(checkTaxSettings({ mode: 'gross', rates: RATES })).toEqual({ ok: false, refusal: 'taxMode' });
    expect(checkTaxSettings({ mode: 'exclusive', rates: {} })).toEqual({
      ok: false,
      refusal: 'taxNoCountries',
    });
    expect(checkTaxSettings({ mode: 'exclusive', rates: { es: 2100 } })).toEqual({
      ok: false,
      refusal: 'taxCountry',
    });
    expect(checkTaxSettings({ mode: 'exclusive', rates: { ES: 21.5 } })).toEqual({
      ok: false,
      refusal: 'taxRate',
    });
    expect(checkTaxSettings({ mode: 'exclusive', rates: { ES: 5001 } })).toEqual({
      ok: false,
      refusal: 'taxRate',
    });
    expect(checkTaxSettings({ mode: 'exclusive', rates: { ES: -1 } })).toEqual({
      ok: false,
      refusal: 'taxRate',
    });
  });
});
