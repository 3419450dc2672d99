// The sold-price rule (decision 117), from the task's own statement: a price that has been sold is
// never edited in place; changing its amount (or what else was sold: currency, period) archives it and
// adds a new price. Names and the trial describe the plan and change in place.
import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../../../server/admin/admin.repository.ts';
import { planChange } from '../../../server/admin/sold-prices.ts';

const monthly: PriceRow = {
  id: 'p1',
  trainerId: 't',
  productId: 'prod',
  currency: 'usd',
  amount: 2999,
  type: 'recurring',
  interval: 'month',
  intervalCount: 1,
  nickname: 'Monthly',
  nicknames: { es: 'Mensual' },
  trialDays: 7,
  active: true,
  gatewayPriceId: null,
  lookupKey: 'monthly',
};

describe('a change to a plan', () => {
  const cases: [string, boolean, Parameters<typeof planChange>[2], 'inPlace' | 'replace'][] = [
    ['a sold price’s amount', true, { amount: 3499 }, 'replace'],
    ['a sold price’s currency', true, { currency: 'eur' }, 'replace'],
    ['a sold price’s period', true, { interval: 'year' }, 'replace'],
    ['a sold price’s interval count', true, { intervalCount: 3 }, 'replace'],
    ['a sold price’s names', true, { nicknames: { en: 'Monthly plus', es: 'Mensual' } }, 'inPlace'],
    ['a sold price’s trial', true, { trialDays: null }, 'inPlace'],
    ['a sold price’s amount, unchanged', true, { amount: 2999 }, 'inPlace'],
    ['an unsold price’s amount', false, { amount: 3499 }, 'inPlace'],
  ];
  it.each(cases)('%s: %s', (_name, sold, input, kind) => {
    expect(planChange(monthly, sold, input).kind).toBe(kind);
  });

  it('carries only what differs', () => {
    expect(
      planChange(monthly, true, { amount: 3499, trialDays: 7, nicknames: { en: 'Monthly', es: 'Mensual' } }),
    ).toEqual({
      kind: 'replace',
      change: { amount: 3499 },
    });
    expect(planChange(monthly, false, { nicknames: { en: 'Monthly' } }).change).toEqual({ nicknames: null });
  });
});
