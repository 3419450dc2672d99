import { describe, expect, it } from 'vitest';
import {
  intervalPhrase,
  nicknameIn,
  planName,
  recurringAmount,
  schedulePhrase,
} from '../../../../domain/billing/billing-text.ts';
import { billingLocale } from '../../../../domain/billing/locale.ts';
import {
  type ChargeSchedule,
  chargeSchedule,
  startSubscription,
} from '../../../../domain/billing/subscriptions.ts';
import { annual, at, monthly, quarterly, quarterOffFor, shred, twentyOffOnce, weekly } from './fixtures.ts';

describe('planName: the plan in the member’s language', () => {
  const coaching = { nickname: 'Monthly', nicknames: { es: 'Mensual' } };

  it('joins the product and the nickname of the member’s language', () => {
    expect(planName('Coaching Membership', coaching, 'en')).toBe('Coaching Membership: Monthly');
    expect(planName('Coaching Membership', coaching, 'es')).toBe('Coaching Membership: Mensual');
  });

  it('falls back to the English nickname when there is no Spanish one', () => {
    expect(planName('Coaching Membership', { nickname: 'Monthly' }, 'es')).toBe(
      'Coaching Membership: Monthly',
    );
    expect(planName('Coaching Membership', { nickname: 'Monthly', nicknames: null }, 'es')).toBe(
      'Coaching Membership: Monthly',
    );
    expect(planName('Coaching Membership', { nickname: 'Monthly', nicknames: { en: 'Monthly' } }, 'es')).toBe(
      'Coaching Membership: Monthly',
    );
  });

  it('is the product alone without a nickname', () => {
    expect(planName('Coaching Membership', { nickname: null }, 'en')).toBe('Coaching Membership');
  });

  it('does not repeat a nickname that is the product’s name', () => {
    expect(planName('30-Day Shred', { nickname: '30-Day Shred' }, 'en')).toBe('30-Day Shred');
    expect(
      planName('30-Day Shred', { nickname: '30-Day Shred', nicknames: { es: '30-Day Shred' } }, 'es'),
    ).toBe('30-Day Shred');
    // The Spanish nickname differs from the product's name, so it is stated.
    expect(
      planName('30-Day Shred', { nickname: '30-Day Shred', nicknames: { es: 'Reto de 30 días' } }, 'es'),
    ).toBe('30-Day Shred: Reto de 30 días');
  });

  it('nicknameIn gives the language’s nickname, else the English one, else none', () => {
    expect(nicknameIn(coaching, 'es')).toBe('Mensual');
    expect(nicknameIn(coaching, 'en')).toBe('Monthly');
    expect(nicknameIn({ nickname: null }, 'es')).toBeNull();
  });
});

describe('intervalPhrase', () => {
  it('says per period for a count of one', () => {
    expect(intervalPhrase(monthly, 'en')).toBe('per month');
    expect(intervalPhrase(monthly, 'es')).toBe('al mes');
    expect(intervalPhrase(annual, 'en')).toBe('per year');
    expect(intervalPhrase(annual, 'es')).toBe('al año');
    expect(intervalPhrase(weekly, 'en')).toBe('per week');
    expect(intervalPhrase(weekly, 'es')).toBe('a la semana');
    expect(intervalPhrase({ interval: 'day', intervalCount: 1 }, 'en')).toBe('per day');
    expect(intervalPhrase({ interval: 'day', intervalCount: 1 }, 'es')).toBe('al día');
  });

  it('says every N periods for a longer count', () => {
    expect(intervalPhrase(quarterly, 'en')).toBe('every 3 months');
    expect(intervalPhrase(quarterly, 'es')).toBe('cada 3 meses');
    expect(intervalPhrase({ interval: 'week', intervalCount: 2 }, 'en')).toBe('every 2 weeks');
    expect(intervalPhrase({ interval: 'week', intervalCount: 2 }, 'es')).toBe('cada 2 semanas');
  });

  it('takes a missing count as one', () => {
    expect(intervalPhrase({ interval: 'month', intervalCount: null }, 'en')).toBe('per month');
  });

  it('is empty for a one-time price', () => {
    expect(intervalPhrase(shred, 'en')).toBe('');
    expect(intervalPhrase(shred, 'es')).toBe('');
  });
});

describe('recurringAmount', () => {
  it('states the amount and its period', () => {
    expect(recurringAmount(2999, monthly, 'en')).toBe('$29.99 per month');
    expect(recurringAmount(2999, monthly, 'es')).toBe('$29,99 al mes');
    expect(recurringAmount(7999, quarterly, 'en')).toBe('$79.99 every 3 months');
  });

  it('states a one-time amount alone', () => {
    expect(recurringAmount(4900, shred, 'en')).toBe('$49');
  });
});

describe('schedulePhrase: what the subscription charges next', () => {
  it('states a once coupon’s discounted charge, then the regular price', () => {
    const schedule: ChargeSchedule = {
      currency: 'usd',
      price: monthly,
      next: { at: at('2027-01-15T10:00:00Z'), price: monthly, amount: 2399 },
      discounted: null,
      regular: 2999,
    };
    expect(schedulePhrase(schedule, 'en')).toBe(
      'Then $23.99 on January 15, 2027, and $29.99 per month after that',
    );
    expect(schedulePhrase(schedule, 'es')).toBe(
      'Después $23,99 el 15 de enero de 2027, y $29,99 al mes a partir de entonces',
    );
  });

  it('states a repeating discount until it stops, then the regular price', () => {
    const schedule: ChargeSchedule = {
      currency: 'usd',
      price: monthly,
      next: { at: at('2027-02-28T10:00:00Z'), price: monthly, amount: 2249 },
      discounted: { amount: 2249, until: at('2027-04-30T10:00:00Z') },
      regular: 2999,
    };
    expect(schedulePhrase(schedule, 'en')).toBe(
      'Then $22.49 per month until April 30, 2027, and $29.99 per month after that',
    );
    expect(schedulePhrase(schedule, 'es')).toBe(
      'Después $22,49 al mes hasta el 30 de abril de 2027, y $29,99 al mes a partir de entonces',
    );
  });

  it('states a forever discount as a steady price', () => {
    const schedule: ChargeSchedule = {
      currency: 'usd',
      price: monthly,
      next: { at: at('2027-02-28T10:00:00Z'), price: monthly, amount: 2249 },
      discounted: null,
      regular: 2249,
    };
    expect(schedulePhrase(schedule, 'en')).toBe('Then $22.49 per month, from February 28, 2027');
    expect(schedulePhrase(schedule, 'es')).toBe('Después $22,49 al mes, a partir del 28 de febrero de 2027');
  });

  it('states when a subscription that charges nothing more ends', () => {
    const schedule: ChargeSchedule = {
      currency: 'usd',
      price: monthly,
      next: null,
      discounted: null,
      regular: 2999,
    };
    const endsOn = at('2027-02-28T10:00:00Z');
    expect(schedulePhrase(schedule, 'en', endsOn)).toBe(
      'Nothing more is charged: the subscription ends on February 28, 2027',
    );
    expect(schedulePhrase(schedule, 'es', endsOn)).toBe(
      'No se cobra nada más: la suscripción termina el 28 de febrero de 2027',
    );
    expect(schedulePhrase(schedule, 'en')).toBe('');
  });

  it('states the day of the charge in UTC', () => {
    // 03:00 UTC on March 2 is still March 1 in California.
    const schedule: ChargeSchedule = {
      currency: 'usd',
      price: quarterly,
      next: { at: at('2027-03-02T03:00:00Z'), price: quarterly, amount: 7999 },
      discounted: null,
      regular: 7999,
    };
    expect(schedulePhrase(schedule, 'en')).toBe('Then $79.99 every 3 months, from March 2, 2027');
  });

  it('says the same as the engine’s schedule of a trial with a once coupon', () => {
    const { terms } = startSubscription({
      price: monthly,
      coupon: twentyOffOnce,
      trialDays: 14,
      at: at('2027-01-10T10:00:00Z'),
    });
    expect(schedulePhrase(chargeSchedule(terms), 'en')).toBe(
      'Then $23.99 on January 24, 2027, and $29.99 per month after that', // 2999 - 600, January 10 + 14 days
    );
  });

  it('says the same as the engine’s schedule of a repeating coupon', () => {
    const { terms } = startSubscription({
      price: monthly,
      coupon: quarterOffFor(3),
      trialDays: 0,
      at: at('2027-01-31T10:00:00Z'),
    });
    expect(schedulePhrase(chargeSchedule(terms), 'es')).toBe(
      'Después $22,49 al mes hasta el 30 de abril de 2027, y $29,99 al mes a partir de entonces',
    );
  });
});

describe('billingLocale', () => {
  it('writes Spanish for any Spanish locale', () => {
    expect(billingLocale('es')).toBe('es');
    expect(billingLocale('es-MX')).toBe('es');
    expect(billingLocale('ES')).toBe('es');
  });

  it('writes English for anything else', () => {
    expect(billingLocale('en-US')).toBe('en');
    expect(billingLocale('fr')).toBe('en');
    expect(billingLocale('')).toBe('en');
    expect(billingLocale(null)).toBe('en');
    expect(billingLocale(undefined)).toBe('en');
  });
});
