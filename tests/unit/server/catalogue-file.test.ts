// The catalogue file's check (decision 121): the example docs/admin.md gives is a file the server
// takes as written, and a file with mistakes is refused with each of them at its place. Its amounts
// (decision 134): version 2 as prices are written, version 1 in minor units, both read alike.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readCatalogueFile, writtenCatalogueFile } from '../../../server/admin/catalogue-file.ts';

const DEMO = { id: 'demo-trainer', currency: 'usd' };
const DOC = readFileSync(path.resolve(import.meta.dirname, '../../../docs/admin.md'), 'utf8');

describe('the catalogue file', () => {
  it('takes the example of docs/admin.md as written', () => {
    const example = /### The catalogue file[\s\S]*?```yaml\n([\s\S]*?)```/.exec(DOC)?.[1];
    expect(example).toBeDefined();
    const file = readCatalogueFile(parse(example ?? ''), DEMO);
    expect(file.products.map((p) => p.key)).toEqual(['membership', '30-day-shred']);
    expect(file.products[0]?.prices[0]).toMatchObject({ key: 'monthly', amount: 2999, trialDays: 7 });
    expect(file.coupons.map((c) => c.code)).toEqual(['WELCOME10', 'SPRING5']);
    expect(file.coupons[1]?.amountOff).toBe(500);
    expect(file.products[1]?.prices[0]?.amount).toBe(4900);
  });

  it('refuses a file with mistakes, with a 400 naming each at its place', () => {
    const file = {
      version: 1,
      products: [
        {
          key: 'm',
          kind: 'subscription',
          name: { en: 'M' },
          prices: [{ key: 'a', name: { en: 'A' }, amount: 1 }],
        },
      ],
      coupons: [{ code: 'X1', duration: 'repeating', percentOff: 5, currency: 'usd' }],
    };
    let error: unknown;
    try {
      readCatalogueFile(file, { id: 't', currency: 'usd' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ statusCode: 400, message: 'admin.catalogueFileInvalid' });
    expect((error as { values: { problems: string } }).values.problems.split('\n').slice(1)).toEqual([
      "- products[0].prices[0].interval: a membership's price renews: give day, week, month or year",
      '- coupons[0].currency: a percentage off has no currency',
      '- coupons[0].durationInMonths: goes with a repeating coupon, and only with one',
    ]);
  });
});

/** A catalogue with a price in the trainer's currency, one in yen and a coupon of an amount off. */
function catalogue(version: number | undefined, amounts: { monthly: unknown; yen: unknown; off: unknown }) {
  return {
    ...(version !== undefined && { version }),
    products: [
      {
        key: 'membership',
        kind: 'subscription',
        name: { en: 'Membership' },
        prices: [
          { key: 'monthly', name: { en: 'Monthly' }, amount: amounts.monthly, interval: 'month' },
          { key: 'tokyo', name: { en: 'Tokyo' }, amount: amounts.yen, currency: 'jpy', interval: 'month' },
        ],
      },
    ],
    coupons: [{ code: 'SPRING5', amountOff: amounts.off, duration: 'once' }],
  };
}
const amountsOf = (file: ReturnType<typeof readCatalogueFile>) => [
  ...(file.products[0]?.prices.map((p) => p.amount) ?? []),
  file.coupons[0]?.amountOff,
];
function problemsOf(document: unknown): string[] {
  try {
    readCatalogueFile(document, DEMO);
  } catch (error) {
    return (error as { values: { problems: string } }).values.problems.split('\n').slice(1);
  }
  throw new Error('the file was taken');
}

describe("the catalogue file's amounts", () => {
  it('reads a version 2 file as prices are written and a version 1 file as minor units, to the same amounts', () => {
    const v2 = readCatalogueFile(catalogue(2, { monthly: 29.99, yen: 1000, off: 5 }), DEMO);
    const v1 = readCatalogueFile(catalogue(1, { monthly: 2999, yen: 1000, off: 500 }), DEMO);
    expect(amountsOf(v2)).toEqual([2999, 1000, 500]);
    expect(amountsOf(v1)).toEqual([2999, 1000, 500]);
  });

  it('reads amount: 30 in a version 2 file as 30.00, not 0.30', () => {
    const file = readCatalogueFile(catalogue(2, { monthly: 30, yen: 30, off: 0.3 }), DEMO);
    expect(amountsOf(file)).toEqual([3000, 30, 30]);
  });

  it('takes the currency a price names, else the trainer’s', () => {
    const euro = { id: 'demo-trainer', currency: 'eur' };
    const file = readCatalogueFile(catalogue(2, { monthly: 19.9, yen: 980, off: 2.5 }), euro);
    expect(amountsOf(file)).toEqual([1990, 980, 250]);
    expect(problemsOf({ ...catalogue(2, { monthly: 1, yen: 1, off: 1 }), trainer: 'x' })).toHaveLength(1);
  });

  it('refuses an amount its currency cannot hold, naming its place, the amount and the currency', () => {
    expect(problemsOf(catalogue(2, { monthly: 29.999, yen: 1.5, off: 0.001 }))).toEqual([
      '- products[0].prices[0].amount: 29.999 is not an amount in USD: at most 2 decimals, such as 29.99',
      '- products[0].prices[1].amount: 1.5 is not an amount in JPY: a whole number: JPY has no decimals, such as 1000',
      '- coupons[0].amountOff: 0.001 is not an amount in USD: at most 2 decimals, such as 29.99',
    ]);
    expect(problemsOf(catalogue(2, { monthly: 1_000_000, yen: 100_000_000, off: 1 }))).toEqual([
      '- products[0].prices[0].amount: must be at most 999999.99 USD',
      '- products[0].prices[1].amount: must be at most 99999999 JPY',
    ]);
    expect(problemsOf(catalogue(2, { monthly: '29.99', yen: -1, off: 0 }))).toEqual([
      '- products[0].prices[0].amount: Invalid input: expected number, received string',
      '- products[0].prices[1].amount: Too small: expected number to be >=0',
      '- coupons[0].amountOff: Too small: expected number to be >0',
    ]);
    expect(problemsOf(catalogue(1, { monthly: 29.99, yen: 1000, off: 500 }))).toEqual([
      '- products[0].prices[0].amount: must be a whole number of minor units in a version 1 file (2999 for 29.99 USD)',
    ]);
  });

  it('refuses a file with no version or another, whose amounts could be read two ways', () => {
    const version =
      '- version: must be 2 (amounts as prices are written: 29.99 USD) or 1 (an older export: 2999 for 29.99 USD)';
    expect(problemsOf(catalogue(undefined, { monthly: 30, yen: 1000, off: 5 }))).toEqual([version]);
    expect(problemsOf(catalogue(3, { monthly: 30, yen: 1000, off: 5 }))).toEqual([version]);
  });

  it('writes what it reads: a file written in version 2 reads back to the same minor units', () => {
    const read = readCatalogueFile(catalogue(1, { monthly: 2999, yen: 1000, off: 500 }), DEMO);
    const written = writtenCatalogueFile(read, 'usd');
    expect(written.version).toBe(2);
    expect(written.products[0]?.prices.map((p) => p.amount)).toEqual([29.99, 1000]);
    expect(written.coupons[0]?.amountOff).toBe(5);
    expect(readCatalogueFile(written, DEMO)).toEqual({ ...read, version: 2 });
  });
});
