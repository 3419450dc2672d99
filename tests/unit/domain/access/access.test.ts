// The access rule against the table written from the members' area's words (tests/spec/access*.table.ts).
import { describe, expect, it } from 'vitest';
import { itemAccess } from '../../../../domain/access/access.ts';
import { GRANT_CASES, PLAN_CASES, SEVERAL_CASES } from '../../../spec/access-granted.table.ts';
import { PURCHASE_CASES, SUBSCRIPTION_CASES } from '../../../spec/access-paid.table.ts';

const TABLES = {
  'a one-time purchase is held from its payment until it is refunded': PURCHASE_CASES,
  'a subscription opens the library while trialing or active, until a cancelled period ends, paused while overdue':
    SUBSCRIPTION_CASES,
  'a plan-limited entry needs one of its plans': PLAN_CASES,
  'a grant opens its target from its beginning until its end or revocation': GRANT_CASES,
  'several holdings: open if any opens it': SEVERAL_CASES,
};

describe.each(Object.entries(TABLES))('%s', (_rule, cases) => {
  it.each(cases)('$says', ({ item, holdings, now, expect: expected }) => {
    expect(itemAccess(item, holdings, now)).toEqual(expected);
  });
});

describe('several holdings', () => {
  it.each(SEVERAL_CASES)(
    'are answered the same in any order: $says',
    ({ item, holdings, now, expect: expected }) => {
      expect(itemAccess(item, [...holdings].reverse(), now)).toEqual(expected);
    },
  );
});
