// The studio's texts (locales/studio/), bundled by the studio's own entry, never by a public page:
// both languages hold the same texts with the same {{variables}}, none empty, a definition for every
// figure of docs/metrics.md's table, and no key of the site's catalogue.
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import studioEn from '../../../locales/studio/en.json' with { type: 'json' };
import studioEs from '../../../locales/studio/es.json' with { type: 'json' };
import { expectConsistent, keys } from './catalogue-checks.ts';

describe("the studio's catalogues", () => {
  it('hold the same texts in English and Spanish, none empty, each with the same {{variables}}', () => {
    expectConsistent({ en: studioEn, es: studioEs });
  });

  it('define every figure the API answers, and replace none of the site’s keys', () => {
    const figures = [
      'mrr',
      'monthMrr',
      'activeMembers',
      'trialingMembers',
      'newMembers',
      'churnedMembers',
      'mrrChurn',
      'trials',
      'conversion',
      'revenue',
      'refunds',
      'failing',
      'recovered',
      'oneTimeSales',
      'programs',
    ];
    for (const figure of figures) expect(keys(studioEn)).toContain(`studio.metrics.${figure}.definition`);
    expect(keys(studioEn).filter((key) => keys(en).includes(key))).toEqual([]);
  });
});
