// The pages a billing history opens: a plan chosen (kept, changed or refused), a checkout, a page's
// figures and the digest its form carries, the portal.

import { expect } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { clockNow } from '../../server/sandbox/sandbox-clock.ts';
import { count, keepable, type LiveSubscription, liveOf, t, view } from './billing-histories.app.ts';
import { checkChangePage } from './billing-histories.checks.ts';
import {
  type CouponCode,
  gross,
  type Ledger,
  type OpenPage,
  PLANS,
  type PlanName,
  type Real,
} from './billing-histories.oracle.ts';
import type { Member } from './members.ts';

/**
 * A subscriber asked for `plan` (a checkout started): the plan held is kept or refused, an overdue
 * one refused, any other opens a change page, read and held to the ledger.
 */
export async function askedForPlan(
  ledger: Ledger,
  real: Real,
  live: LiveSubscription,
  plan: PlanName,
  res: Awaited<ReturnType<typeof startCheckout>>,
) {
  const overdue = live.status === 'past_due' || live.status === 'unpaid';
  if (live.status === 'paused' || live.pause) {
    // Paused, or a pause planned: the member resumes before changing the plan (decision 152).
    expect(res.statusCode).toBe(409);
    count('plan changes refused while paused');
    return;
  }
  if (live.plan.id === PLANS[plan].id) {
    if (keepable(live) && !overdue) {
      expect(res.statusCode).toBe(201);
      expect(res.json().url).toBe('http://site.test/confirmation');
      const kept = liveOf(await view(real));
      expect(kept).toMatchObject({ cancel_at_period_end: false, scheduled_plan: null });
      count('plans kept by choosing them again');
    } else {
      expect(res.statusCode).toBe(409);
    }
    return;
  }
  if (overdue) {
    expect(res.statusCode).toBe(409);
    return;
  }
  expect(res.statusCode).toBe(201);
  const path = new URL(res.json().url).pathname;
  expect(path).toMatch(/\/change$/);
  const { page } = await readPage(path, real.member);
  expect(page).not.toBeNull();
  if (!page) return;
  // A change never costs more than the new plan's first period.
  expect(page.amount).toBeLessThanOrEqual(gross(PLANS[plan].amount, ledger.tax));
  checkChangePage(ledger, live, PLANS[plan].id, page);
  ledger.pages.push(page);
}

export async function startCheckout(real: Real, prices: string[], coupon?: CouponCode) {
  return t.app.inject({
    method: 'POST',
    url: `/api/user/startGatewayStripeSession${coupon ? `?coupon=${coupon}` : ''}`,
    headers: { token: real.member.token },
    payload: { prices, trainerID: DEMO_TRAINER_ID, route: '/', campaign: null },
  });
}

/** The tax row a page states (its amount), or null when it states none. */
export const taxRowOf = (body: string) => {
  const found = /id="tax" data-amount="(\d+)"/.exec(body)?.[1];
  return found === undefined ? null : Number(found);
};

/** The page's total, its change-now figures and the digest its form carries. */
export async function readPage(
  path: string,
  member: Member,
): Promise<{ status: number; body: string; page: OpenPage | null }> {
  const res = await t.app.inject({ method: 'GET', url: path });
  const readAt = (await clockNow(t.context.db, member.id)).getTime();
  const figure = (id: string) => {
    const found = new RegExp(`id="${id}" data-amount="(\\d+)"`).exec(res.body)?.[1];
    return found === undefined ? undefined : Number(found);
  };
  const [amount, newPlanCharge, credit] = [figure('total'), figure('new-plan-charge'), figure('credit')];
  const digest = /name="promise" value="([^"]+)"/.exec(res.body)?.[1];
  const now = newPlanCharge !== undefined && credit !== undefined ? { newPlanCharge, credit } : null;
  return {
    status: res.statusCode,
    body: res.body,
    page:
      amount !== undefined && digest ? { path, digest, amount, now, readAt, tax: taxRowOf(res.body) } : null,
  };
}

export async function portalOf(real: Real): Promise<string> {
  if (real.portal) return real.portal;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/openGatewayStripePortal',
    headers: { token: real.member.token },
    payload: { trainerID: DEMO_TRAINER_ID },
  });
  expect(res.statusCode).toBe(201);
  real.portal = new URL((res.json() as { url: string }).url).pathname;
  return real.portal;
}
