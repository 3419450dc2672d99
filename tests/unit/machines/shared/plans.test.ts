import { describe, expect, it } from 'vitest';
import { confirmationPath, presentPrices, subscriptionPlanType } from '../../../../machines/shared/plans.ts';
import { user } from '../../../machine/fixtures.ts';

describe('prices sent to checkout', () => {
  it('filters missing prices out before checkout', () => {
    expect(presentPrices(['a', null, undefined, '', 'b'])).toEqual(['a', 'b']);
  });
});

describe('plan type', () => {
  it('lowercases the plan type as on load', () => {
    expect(subscriptionPlanType(user({ profile: { subscription_plan_type: 'Quarterly' } }))).toBe(
      'quarterly',
    );
    expect(subscriptionPlanType(null)).toBeNull();
  });
});

describe('confirmation path', () => {
  it('appends /confirmation to the current path', () => {
    expect(confirmationPath('/challenge/summer')).toBe('/challenge/summer/confirmation');
    expect(confirmationPath('/')).toBe('/confirmation');
  });
});
