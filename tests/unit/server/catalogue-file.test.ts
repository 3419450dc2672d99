// The catalogue file's check (decision 121): the example docs/admin.md gives is a file the server
// takes as written, and a file with mistakes is refused with each of them at its place.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readCatalogueFile } from '../../../server/admin/catalogue-file.ts';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../../../docs/admin.md'), 'utf8');

describe('the catalogue file', () => {
  it('takes the example of docs/admin.md as written', () => {
    const example = /### The catalogue file[\s\S]*?```yaml\n([\s\S]*?)```/.exec(DOC)?.[1];
    expect(example).toBeDefined();
    const file = readCatalogueFile(parse(example ?? ''), 'demo-trainer');
    expect(file.products.map((p) => p.key)).toEqual(['membership', '30-day-shred']);
    expect(file.products[0]?.prices[0]).toMatchObject({ key: 'monthly', amount: 2999, trialDays: 7 });
    expect(file.coupons.map((c) => c.code)).toEqual(['WELCOME10', 'SPRING5']);
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
      readCatalogueFile(file, 't');
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
