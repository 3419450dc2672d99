import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountForm,
  amountWithCode,
  majorUnitText,
  minorUnitsOf,
} from '../../../../domain/billing/major-units.ts';

describe('majorUnitText: an amount as a person writes a price', () => {
  it('writes every decimal of the currency, and none for the zero-decimal ones', () => {
    expect(majorUnitText(2999, 'usd')).toBe('29.99');
    expect(majorUnitText(3000, 'usd')).toBe('30.00');
    expect(majorUnitText(5, 'eur')).toBe('0.05');
    expect(majorUnitText(0, 'usd')).toBe('0.00');
    expect(majorUnitText(1000, 'jpy')).toBe('1000');
    expect(majorUnitText(1250, 'kwd')).toBe('1.250');
    expect(majorUnitText(7, 'kwd')).toBe('0.007');
    expect(majorUnitText(-2999, 'usd')).toBe('-29.99');
  });

  it('with its code, as the CLI and the admin messages print it', () => {
    expect(amountWithCode(2999, 'usd')).toBe('29.99 USD');
    expect(amountWithCode(1000, 'jpy')).toBe('1000 JPY');
  });
});

describe('minorUnitsOf: a typed amount in minor units', () => {
  it('reads the major unit of the currency', () => {
    expect(minorUnitsOf('29.99', 'usd')).toBe(2999);
    expect(minorUnitsOf('30', 'usd')).toBe(3000);
    expect(minorUnitsOf('29.9', 'usd')).toBe(2990);
    expect(minorUnitsOf(' 0.05 ', 'eur')).toBe(5);
    expect(minorUnitsOf('1000', 'jpy')).toBe(1000);
    expect(minorUnitsOf('1.25', 'kwd')).toBe(1250);
    expect(minorUnitsOf('999999999.99', 'usd')).toBe(99_999_999_999);
  });

  it('reads a number as the decimal it was written as, never a float a cent off', () => {
    expect(minorUnitsOf(29.99, 'usd')).toBe(2999); // 29.99 * 100 is 2998.9999999999995
    expect(minorUnitsOf(0.29, 'usd')).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(minorUnitsOf(30, 'usd')).toBe(3000);
    expect(minorUnitsOf(1000, 'jpy')).toBe(1000);
  });

  it('takes zeros past the last decimal as zeros', () => {
    expect(minorUnitsOf('29.990', 'usd')).toBe(2999);
    expect(minorUnitsOf('1000.0', 'jpy')).toBe(1000);
  });

  it('refuses what the currency cannot hold: more decimals than it has', () => {
    expect(minorUnitsOf('29.999', 'usd')).toBeUndefined();
    expect(minorUnitsOf(29.999, 'usd')).toBeUndefined();
    expect(minorUnitsOf('1.5', 'jpy')).toBeUndefined();
    expect(minorUnitsOf(1.5, 'jpy')).toBeUndefined();
    expect(minorUnitsOf('1.2345', 'kwd')).toBeUndefined();
  });

  it('refuses what is not an amount: signs, exponents, letters, commas, nothing', () => {
    for (const text of ['-1', '+1', '1e3', 'abc', '29,99', '', '.5', '5.', '$5', '1 000', '1234567890']) {
      expect(minorUnitsOf(text, 'usd'), text).toBeUndefined();
    }
    for (const value of [-1, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(minorUnitsOf(value, 'usd'), String(value)).toBeUndefined();
    }
  });

  it('reads back what majorUnitText writes, as text and as the number a file holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom('usd', 'jpy', 'kwd'), (n, c) => {
        expect(minorUnitsOf(majorUnitText(n, c), c)).toBe(n);
        expect(minorUnitsOf(Number(majorUnitText(n, c)), c)).toBe(n);
      }),
    );
  });
});

describe('amountForm: what an amount of the currency looks like, for a refusal', () => {
  it('names the decimals with an example', () => {
    expect(amountForm('usd')).toBe('at most 2 decimals, such as 29.99');
    expect(amountForm('jpy')).toBe('a whole number: JPY has no decimals, such as 1000');
    expect(amountForm('kwd')).toBe('at most 3 decimals, such as 1.250');
  });
});
