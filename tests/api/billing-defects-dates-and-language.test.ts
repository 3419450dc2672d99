// Defects found in how billing is stated, each a test that failed before its fix: the days of an
// evening checkout in California, a Spanish-speaking member's pages and emails, and renewals at
// month ends.
import { describe, expect, it } from 'vitest';
import {
  advance,
  advanceBy,
  billingDefectsApp,
  chargedAmounts,
  customerOf,
  HOUR,
  isoDay,
  MINUTE,
  MONTHLY,
  mailEnding,
  mailTo,
  portal,
  post,
  price,
  read,
  start,
  subscribe,
  subscriptionOf,
  t,
  utcDay,
  utcDayEs,
} from './billing-defects.fixtures.ts';
import { createMember } from './fixtures.ts';
import { CARD, DAY, FAILS_LATER } from './hosted-pages.ts';
import type { Member } from './members.ts';

billingDefectsApp();

describe('10. dates of an evening checkout in California', () => {
  /** Moves the member's clock to the next 03:30 UTC: 19:30 or 20:30 of the day before in California. */
  async function toCaliforniaEvening(member: Member): Promise<number> {
    const now = Date.now();
    const d = new Date(now);
    let target = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 3, 30);
    if (target <= now + MINUTE) target += DAY;
    await advanceBy(member, target - now);
    const california = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'long',
      timeZone: 'America/Los_Angeles',
    }).format(target);
    // The setting this test is about: California's date is the day before the UTC date.
    expect(california).not.toBe(utcDay(target));
    return target;
  }

  it('a paid checkout: the receipt, the member view and the portal state the same UTC days', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const paidAt = await toCaliforniaEvening(member);
    await subscribe(member, 'weekly');

    const { charges, subscriptions } = await customerOf(member);
    const created = charges[0]?.created ?? '';
    expect(isoDay(created)).toBe(isoDay(paidAt));
    const receipt = await mailEnding(member, 'your receipt');
    expect(receipt.text).toContain(`Date: ${utcDay(paidAt)}`);

    // A week later, at the same UTC time.
    const periodEnd = subscriptions.data[0]?.current_period_end ?? '';
    expect(isoDay(periodEnd)).toBe(isoDay(paidAt + 7 * DAY));
    const portalPage = await read(await portal(member));
    expect(portalPage.body).toContain(`Renews on ${utcDay(paidAt + 7 * DAY)}`);
    expect(portalPage.body).toContain(`Sandbox time for this member: ${utcDay(paidAt)}`);
    // Each surface says which day it means.
    expect(receipt.text).toContain('Dates are in UTC.');
    expect(portalPage.body).toContain('Dates are in UTC.');
  });

  it('a trial: the page, the trial-started email and the member view state the same trial end', async () => {
    const member = await createMember(t.context);
    const startedAt = await toCaliforniaEvening(member);
    const path = await start(member, [price('monthly')]);
    const trialEndDay = utcDay(startedAt + 7 * DAY);
    const page = (await read(path)).body;
    expect((await post(path, CARD)).statusCode).toBe(303);

    const sub = await subscriptionOf(member);
    expect(isoDay(sub.trial_end ?? '')).toBe(isoDay(startedAt + 7 * DAY));
    const mail = await mailEnding(member, 'your free trial has started');
    expect(mail.text).toContain(`Trial ends: ${trialEndDay}`);
    expect(page).toContain(trialEndDay);
    expect(page).toContain(`Then $29.99 per month, from ${trialEndDay}`);
    expect(mail.text).toContain(`Then $29.99 per month, from ${trialEndDay}`);
    expect(isoDay(sub.next_charge?.date ?? '')).toBe(isoDay(startedAt + 7 * DAY));
  });
});

describe('11. a Spanish-speaking member', () => {
  it('reads the Spanish plan names and money on the hosted pages and in the emails', async () => {
    const member = await createMember(t.context, { locale: 'es' });
    const checkout = await start(member, [price('monthly')]);
    const page = await read(checkout);
    expect(page.body).toContain('Membresía de coaching: Mensual');
    expect(page.body).toContain('$29,99 al mes');
    expect(page.body).not.toContain('Monthly');
    expect(page.body).not.toContain('$29.99');
    expect((await post(checkout, CARD)).statusCode).toBe(303);
    const trialEnd = (await subscriptionOf(member)).trial_end ?? '';

    const started = await mailEnding(member, 'tu prueba gratuita ha comenzado');
    expect(started.text).toContain('Tu prueba gratuita de Membresía de coaching: Mensual ha comenzado');
    expect(started.text).toContain(`Después $29,99 al mes, a partir del ${utcDayEs(trialEnd)}`);
    expect(started.text).not.toContain('Monthly');

    const change = await start(member, [price('annual')]);
    const changePage = await read(change);
    expect(changePage.body).toContain('Membresía de coaching: Mensual');
    expect(changePage.body).toContain('Membresía de coaching: Anual');
    expect(changePage.body).toContain('$249,99 al año');
    expect(changePage.body).not.toContain('Annual');
    expect((await post(change)).statusCode).toBe(303);

    const changed = await mailEnding(member, 'tu plan ha cambiado');
    expect(changed.text).toContain(
      'Tu suscripción ha cambiado de Membresía de coaching: Mensual a Membresía de coaching: Anual.',
    );
    expect(changed.text).toContain(`Después $249,99 al año, a partir del ${utcDayEs(trialEnd)}`);

    await advance(member, 8);
    expect((await mailEnding(member, 'tu prueba gratuita termina en 3 días')).text).toContain(
      'Tu prueba gratuita de Membresía de coaching: Anual termina el',
    );
    expect((await mailEnding(member, 'tu recibo')).text).toContain('Importe pagado: $249,99');
    const portalPage = await read(await portal(member));
    expect(portalPage.body).toContain('Membresía de coaching: Anual');
    expect(portalPage.body).toContain('$249,99');
  });

  it('reads the overdue amount, the plan and the retry date in Spanish', async () => {
    const member = await createMember(t.context, { locale: 'es', hadTrial: true });
    const checkout = await start(member, [price('monthly')]);
    expect((await read(checkout)).body).toContain('Pagar $29,99');
    expect((await post(checkout, FAILS_LATER)).statusCode).toBe(303);
    const renewsAt = (await subscriptionOf(member)).current_period_end;

    // Just past the renewal, which 0341 declines; the first retry is 3 days after it.
    await advanceBy(member, Date.parse(renewsAt) - Date.now() + HOUR);
    const failed = await mailEnding(member, 'tu pago no se ha podido realizar');
    expect(failed.text).toContain('No hemos podido cobrar $29,99 por Membresía de coaching: Mensual.');
    expect(failed.text).toContain(`Lo intentaremos de nuevo el ${utcDayEs(Date.parse(renewsAt) + 3 * DAY)}.`);
    const portalPage = await read(await portal(member));
    expect(portalPage.body).toContain('Membresía de coaching: Mensual');
    expect(portalPage.body).not.toContain('Monthly');
  });
});

describe('12. month ends', () => {
  const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

  /** Noon UTC on the first 31st of a month after `after`, and that month. */
  function nextThirtyFirst(after: number): { at: number; year: number; month: number } {
    const from = new Date(after);
    for (let k = 0; ; k++) {
      const year = from.getUTCFullYear() + Math.floor((from.getUTCMonth() + k) / 12);
      const month = (from.getUTCMonth() + k) % 12;
      const at = Date.UTC(year, month, 31, 12);
      if (daysIn(year, month) === 31 && at > after) return { at, year, month };
    }
  }

  /** Noon UTC on the anchor day 31 of `count` months from (year, month) on, clamped to each month's last day. */
  function monthEnds(year: number, month: number, count: number, every = 1): number[] {
    return Array.from({ length: count }, (_, k) => {
      const y = year + Math.floor((month + k * every) / 12);
      const m = (month + k * every) % 12;
      return Date.UTC(y, m, Math.min(31, daysIn(y, m)), 12);
    });
  }

  async function chargeDays(member: Member): Promise<string[]> {
    return (await customerOf(member)).charges.map((c) => isoDay(c.created)).sort();
  }

  it('a plan bought on the 31st renews on the last day of each shorter month and on the 31st again', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const { at: bought, year, month } = nextThirtyFirst(Date.now() + MINUTE);
    await advanceBy(member, bought - Date.now());

    // Bought on the 31st, then renewed on the 31st or on the last day of a month that has fewer days.
    const expected = monthEnds(year, month, 8);
    const checkout = await start(member, [price('monthly')]);
    const page = (await read(checkout)).body;
    expect((await post(checkout, CARD)).statusCode).toBe(303);
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[1] ?? 0));

    // Through the sixth renewal, and a day more.
    await advanceBy(member, (expected[6] ?? 0) - bought + DAY);
    expect(await chargeDays(member)).toEqual(expected.slice(0, 7).map(isoDay));
    expect(await chargedAmounts(member)).toEqual(Array(7).fill(MONTHLY));
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[7] ?? 0));
    expect(page).toContain(`Then $29.99 per month, from ${utcDay(expected[1] ?? 0)}`);
    const receipts = (await mailTo(member)).filter((m) => m.subject.endsWith('your receipt'));
    expect(receipts).toHaveLength(7);
    expect(receipts.map((r) => /Date: (.+)/.exec(r.text)?.[1]).sort()).toEqual(
      expected.slice(0, 7).map(utcDay).sort(),
    );
  });

  it('a quarterly plan bought on the 31st renews on the 31st or the last day, three months apart', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    const { at: bought, year, month } = nextThirtyFirst(Date.now() + MINUTE);
    await advanceBy(member, bought - Date.now());
    await subscribe(member, 'quarterly');

    const expected = monthEnds(year, month, 6, 3);
    // Through the fourth renewal, a year later, and a day more.
    await advanceBy(member, (expected[4] ?? 0) - bought + DAY);
    expect(await chargeDays(member)).toEqual(expected.slice(0, 5).map(isoDay));
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[5] ?? 0));
  });

  it('a trial that ends on the 31st anchors the renewals there', async () => {
    const member = await createMember(t.context);
    // Seven days before a 31st, so that the monthly plan's trial ends on it.
    const { at: trialEnds, year, month } = nextThirtyFirst(Date.now() + 7 * DAY + MINUTE);
    await advanceBy(member, trialEnds - 7 * DAY - Date.now());
    await subscribe(member, 'monthly');
    expect(isoDay((await subscriptionOf(member)).trial_end ?? '')).toBe(isoDay(trialEnds));

    const expected = monthEnds(year, month, 5);
    await advanceBy(member, (expected[3] ?? 0) - (trialEnds - 7 * DAY) + DAY);
    expect(await chargeDays(member)).toEqual(expected.slice(0, 4).map(isoDay));
    expect(isoDay((await subscriptionOf(member)).current_period_end)).toBe(isoDay(expected[4] ?? 0));
  });
});
