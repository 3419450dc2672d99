import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatMoney,
  majorUnits,
  minorUnitDigits,
  moneyFormatFor,
} from '../../../../domain/billing/currency.ts';

describe('minorUnitDigits: how Stripe counts a currency', () => {
  it('is 0 for the zero-decimal currencies JPY, KRW, PYG and VND', () => {
    for (const code of ['JPY', 'KRW', 'PYG', 'VND']) expect(minorUnitDigits(code)).toBe(0);
  });

  it("is 0 for every one of Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal)", () => {
    const stripeZeroDecimal = [
      'BIF',
      'CLP',
      'DJF',
      'GNF',
      'JPY',
      'KMF',
      'KRW',
      'MGA',
      'PYG',
      'RWF',
      'UGX',
      'VND',
      'VUV',
      'XAF',
      'XOF',
      'XPF',
    ];
    for (const code of stripeZeroDecimal) expect(minorUnitDigits(code), code).toBe(0);
  });

  it('is 3 for the three-decimal currencies, such as KWD', () => {
    for (const code of ['KWD', 'BHD', 'JOD', 'OMR', 'TND']) expect(minorUnitDigits(code)).toBe(3);
  });

  it('is 2 for USD, EUR and any currency not listed', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'MXN', 'CHF']) expect(minorUnitDigits(code)).toBe(2);
  });

  it('reads the code in any case, as Stripe sends it in lower case', () => {
    expect(minorUnitDigits('jpy')).toBe(0);
    expect(minorUnitDigits('Krw')).toBe(0);
    expect(minorUnitDigits('kwd')).toBe(3);
    expect(minorUnitDigits('usd')).toBe(2);
  });
});

describe('majorUnits', () => {
  it('divides by the minor unit of the currency', () => {
    expect(majorUnits(2999, 'usd')).toBe(29.99); // 2999 / 10^2
    expect(majorUnits(1000, 'jpy')).toBe(1000); // 1000 / 10^0
    expect(majorUnits(1234, 'kwd')).toBe(1.234); // 1234 / 10^3
  });
});

describe('currencySymbol', () => {
  it("is the spec's symbol, whatever the case of the code", () => {
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('CAD')).toBe('$');
    expect(currencySymbol('eur')).toBe('€');
    expect(currencySymbol('jpy')).toBe('¥');
    expect(currencySymbol('krw')).toBe('₩');
  });

  it("is each symbol of the spec's table (spec: Currency symbols)", () => {
    const spec: Record<string, string> = {
      CAD: '$',
      USD: '$',
      EUR: '€',
      CRC: '₡',
      GBP: '£',
      ILS: '₪',
      INR: '₹',
      JPY: '¥',
      KRW: '₩',
      NGN: '₦',
      PHP: '₱',
      PLN: 'zł',
      PYG: '₲',
      THB: '฿',
      UAH: '₴',
      VND: '₫',
    };
    for (const [code, symbol] of Object.entries(spec)) expect(currencySymbol(code), code).toBe(symbol);
  });

  it('is the upper-case code and a space for a currency without a symbol', () => {
    expect(currencySymbol('chf')).toBe('CHF ');
  });
});

describe('formatMoney', () => {
  it('states dollars and cents with the decimal mark of each language', () => {
    expect(formatMoney(2999, 'usd', 'en')).toBe('$29.99');
    expect(formatMoney(2999, 'usd', 'es')).toBe('$29,99');
  });

  it('keeps both decimals of an amount that is not whole', () => {
    expect(formatMoney(2950, 'usd', 'en')).toBe('$29.50'); // 2950 / 100 = 29.5
    expect(formatMoney(1990, 'eur', 'es')).toBe('€19,90');
    expect(formatMoney(5, 'eur', 'en')).toBe('€0.05');
  });

  it('states a whole amount without decimals', () => {
    expect(formatMoney(5000, 'usd', 'en')).toBe('$50'); // 5000 / 100 = 50
    expect(formatMoney(5000, 'usd', 'es')).toBe('$50');
    expect(formatMoney(0, 'usd', 'en')).toBe('$0');
  });

  it('groups thousands as each language does', () => {
    expect(formatMoney(1234567, 'usd', 'en')).toBe('$12,345.67');
    expect(formatMoney(1234567, 'usd', 'es')).toBe('$12.345,67');
    // Spanish leaves a number of four digits ungrouped (RAE; CLDR's minimum grouping of 2).
    expect(formatMoney(123456, 'usd', 'es')).toBe('$1234,56');
  });

  it('takes 1000 JPY as ¥1,000, not ¥10: the yen has no minor unit', () => {
    expect(formatMoney(1000, 'jpy', 'en')).toBe('¥1,000');
    expect(formatMoney(1000, 'jpy', 'es')).toBe('¥1000');
    expect(formatMoney(12000, 'jpy', 'es')).toBe('¥12.000');
    expect(formatMoney(980, 'JPY', 'en')).toBe('¥980');
  });

  it('takes 50000 KRW as ₩50,000', () => {
    expect(formatMoney(50000, 'krw', 'en')).toBe('₩50,000');
    expect(formatMoney(50000, 'krw', 'es')).toBe('₩50.000');
  });

  it('states three decimals for KWD when the amount is not whole', () => {
    expect(formatMoney(1500, 'kwd', 'en')).toBe('KWD 1.500'); // 1500 / 1000 = 1.5
    expect(formatMoney(2000, 'kwd', 'en')).toBe('KWD 2'); // 2000 / 1000 = 2, whole
  });

  it('puts the minus sign before the symbol of a negative amount', () => {
    expect(formatMoney(-2999, 'usd', 'en')).toBe('−$29.99');
    expect(formatMoney(-2999, 'usd', 'es')).toBe('−$29,99');
    expect(formatMoney(-1000, 'jpy', 'en')).toBe('−¥1,000');
    expect(formatMoney(-5000, 'usd', 'en')).toBe('−$50');
  });

  it('shows a currency without a symbol by its code', () => {
    expect(formatMoney(1250, 'chf', 'en')).toBe('CHF 12.50');
    expect(formatMoney(1250, 'chf', 'es')).toBe('CHF 12,50');
  });

  it('reads back, in English, as the amount it was given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (amount) => {
        const text = formatMoney(amount, 'usd', 'en');
        expect(text.startsWith('$')).toBe(true);
        expect(Math.round(Number(text.slice(1).replaceAll(',', '')) * 100)).toBe(amount);
        const yen = formatMoney(amount, 'jpy', 'en');
        expect(Number(yen.slice(1).replaceAll(',', ''))).toBe(amount);
      }),
    );
  });
});

describe('amounts shown together (moneyFormatFor)', () => {
  it('gives every amount its cents when one has them: $220.00 under $249.99, never $220', () => {
    const money = moneyFormatFor([24999, 22000, 0], 'usd', 'en');
    expect([24999, 22000, 0, -2500].map(money)).toEqual(['$249.99', '$220.00', '$0.00', '−$25.00']);
  });

  it('keeps the short form when every amount is whole', () => {
    const money = moneyFormatFor([5000, 0], 'usd', 'es');
    expect([5000, 0].map(money)).toEqual(['$50', '$0']);
  });

  it('in Spanish, with the decimal comma', () => {
    expect(moneyFormatFor([2999], 'usd', 'es')(0)).toBe('$0,00');
  });

  it('never invents a minor unit a currency lacks', () => {
    expect(moneyFormatFor([1000, 1500], 'jpy', 'en')(1000)).toBe('¥1,000');
    expect(moneyFormatFor([1500, 1000], 'kwd', 'en')(1000)).toBe('KWD 1.000');
  });
});
