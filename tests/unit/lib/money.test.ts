import { describe, expect, it } from 'vitest';
import { CURRENCY_SYMBOLS, currencySymbol, formatAmount, majorUnits } from '../../../src/lib/money.ts';

describe('currency symbols', () => {
  it.each([
    ['CAD', '$'],
    ['USD', '$'],
    ['EUR', '€'],
    ['CRC', '₡'],
    ['GBP', '£'],
    ['ILS', '₪'],
    ['INR', '₹'],
    ['JPY', '¥'],
    ['KRW', '₩'],
    ['NGN', '₦'],
    ['PHP', '₱'],
    ['PLN', 'zł'],
    ['PYG', '₲'],
    ['THB', '฿'],
    ['UAH', '₴'],
    ['VND', '₫'],
  ])('shows %s as %s, whatever the case the provider sends', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
    expect(currencySymbol(code.toLowerCase())).toBe(symbol);
  });

  it('holds exactly the sixteen currencies of the spec', () => {
    expect(Object.keys(CURRENCY_SYMBOLS)).toHaveLength(16);
  });

  it('shows an unlisted currency by its code', () => {
    expect(currencySymbol('chf')).toBe('CHF');
  });
});

describe('amount formatting', () => {
  it('shows minor units divided by 100', () => {
    expect(majorUnits(4999)).toBe(49.99);
    expect(formatAmount(4999, 'usd')).toBe('$49.99');
    expect(formatAmount(1050, 'eur')).toBe('€10.50');
  });

  it('drops the cents of a whole amount', () => {
    expect(formatAmount(12000, 'gbp')).toBe('£120');
    expect(formatAmount(0, 'usd')).toBe('$0');
  });
});
