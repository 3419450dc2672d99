// Keeping a membership in a real browser against the real server (decisions 152, 153, 162): a member
// on the monthly plan pauses in the sandbox portal and finds the same pause and next charge in Manage
// My Subscription; calls it off there, pauses there with the quote read before confirming, and resumes
// a pause under way early; then at the portal's cancel button gives a reason and takes the trainer's
// offer, and the profile states the discounted charge the offer stated. Desktop English and 375 px
// Spanish run it.
import type { APIRequestContext, Page } from '@playwright/test';
import { keepScreenshot, payForPrice, registerMember, signIn, TRAINER_ID } from './fixtures.ts';
import { expect } from './flow-recorder.ts';
import { E2E_ADMIN_TOKEN } from './sites.ts';

const MONTHLY = `${TRAINER_ID}-price-monthly`;
const OFFER_COUPON = 'STAY50E2E';

export const MEMBERSHIP_TEXTS = {
  en: {
    manage: 'Manage subscription',
    back: 'Return to the site',
    pauseInstead: 'Pause instead',
    pauseInPortal: 'Pause my subscription',
    portalOption: /^1 month: next charge (\S+) on (.+)$/,
    planned: (from: string, until: string) => `Pause planned: from ${from}, resumes on ${until}.`,
    underWay: /^Paused since .+\. Resumes on .+\.$/,
    nextCharge: (amount: string, date: string) => `Next charge: ${amount} on ${date}`,
    callOff: 'Call off the pause',
    option: /^2 months: resumes on /,
    confirm: 'Pause for 2 months',
    resume: 'Resume my membership now',
    active: /· Active$/,
    reason: "It's too expensive",
    takeOffer: 'Accept the offer',
    // Half of $29.99 for the next 2 months, as the page writes it.
    halfOff: '$14.99',
  },
  es: {
    manage: 'Administrar suscripción',
    back: 'Volver al sitio',
    pauseInstead: 'Pausar en su lugar',
    pauseInPortal: 'Pausar mi suscripción',
    portalOption: /^1 mes: próximo cargo (\S+) el (.+)$/,
    planned: (from: string, until: string) => `Pausa prevista: desde el ${from}, se reanuda el ${until}.`,
    underWay: /^En pausa desde el .+\. Se reanuda el .+\.$/,
    nextCharge: (amount: string, date: string) => `Próximo cargo: ${amount} el ${date}`,
    callOff: 'Anular la pausa',
    option: /^2 meses: se reanuda el /,
    confirm: 'Pausar 2 meses',
    resume: 'Reanudar mi membresía ahora',
    active: /· Activa$/,
    reason: 'Es demasiado caro',
    takeOffer: 'Aceptar la oferta',
    halfOff: '$14,99',
  },
} as const;

/** The trainer allows pauses of 1 to 3 months and offers half off for 2 months at the cancel button. */
export async function allowPausesAndOffer(request: APIRequestContext): Promise<void> {
  const headers = { 'admin-token': E2E_ADMIN_TOKEN, 'admin-actor': 'Browser tests' };
  const base = `/api/admin/trainers/${TRAINER_ID}`;
  const coupon = await request.post(`${base}/coupons`, {
    headers,
    data: { code: OFFER_COUPON, percentOff: 50, duration: 'repeating', durationInMonths: 2 },
  });
  // Both projects' journeys set the same settings: the second finds the coupon there.
  expect([201, 409], await coupon.text()).toContain(coupon.status());
  const settings = await request.put(`${base}/retention`, {
    headers,
    data: { pauseMonths: [1, 2, 3], cancelOffer: { kind: 'coupon', coupon: OFFER_COUPON } },
  });
  expect(settings.status(), await settings.text()).toBe(200);
}

async function advanceClock(request: APIRequestContext, email: string, days: number): Promise<void> {
  const response = await request.post('/dev/clock', { data: { email, trainerId: TRAINER_ID, days } });
  expect(response.ok()).toBe(true);
}

async function openPortal(page: Page, t: (typeof MEMBERSHIP_TEXTS)['en' | 'es']): Promise<void> {
  await page.getByRole('button', { name: t.manage }).click();
  await expect(page).toHaveURL(/\/sandbox\/portal\/bps_/);
}

export async function membershipJourney(
  page: Page,
  request: APIRequestContext,
  locale: keyof typeof MEMBERSHIP_TEXTS,
  shot: (name: string) => string,
): Promise<void> {
  const t: (typeof MEMBERSHIP_TEXTS)['en' | 'es'] = MEMBERSHIP_TEXTS[locale];
  await allowPausesAndOffer(request);
  const member = await registerMember(request, locale);
  await signIn(page, member);
  await payForPrice(page, member, MONTHLY, '/');
  // The 7-day trial ends and the first month is charged: a paid monthly plan may pause.
  await advanceClock(request, member.email, 8);

  // 1. Pause from the portal, then see it on the profile, in the portal's own figures.
  await page.goto('/profile/subscription');
  const renewal = (await page.getByTestId('next-charge').textContent()) ?? '';
  await openPortal(page, t);
  await page.getByText(t.pauseInstead, { exact: true }).first().click();
  const option = page.getByRole('radio', { name: t.portalOption });
  const label = await option.evaluate((e) => e.closest('label')?.textContent ?? '');
  const [, amount, resumesOn] = t.portalOption.exec(label.trim()) ?? [];
  expect(resumesOn, label).toBeTruthy();
  await option.check();
  await page.getByRole('button', { name: t.pauseInPortal }).click();
  await page.getByRole('link', { name: t.back }).click();
  await expect(page).toHaveURL(/\/profile\/subscription$/);
  await expect(page.getByTestId('pause-state')).toHaveText(/.+/);
  const stated = (await page.getByTestId('pause-state').textContent()) ?? '';
  expect(stated.endsWith(`${resumesOn}.`), `${stated} resumes on ${resumesOn}`).toBe(true);
  await expect(page.getByTestId('next-charge')).toHaveText(t.nextCharge(amount ?? '', resumesOn ?? ''));
  await keepScreenshot(page, { path: shot('pause-planned'), fullPage: true });

  // 2. Call it off here: the renewal is back where it was.
  await page.getByRole('button', { name: t.callOff }).click();
  await expect(page.getByTestId('pause-state')).toHaveCount(0);
  await expect(page.getByTestId('next-charge')).toHaveText(renewal);

  // 3. Pause here, the quote read before confirming; a month on it is under way; resume it early.
  await page.getByRole('radio', { name: t.option }).check();
  const quote = page.getByTestId('pause-quote');
  await expect(quote).toBeVisible();
  await keepScreenshot(page, { path: shot('pause-quote'), fullPage: true });
  const quoted = (await quote.locator('p').last().textContent()) ?? '';
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page.getByTestId('pause-state')).toBeVisible();
  await expect(page.getByTestId('next-charge')).toHaveText(quoted);
  // Past the end of the month paid for (the trial's end plus a month): the pause is under way.
  await advanceClock(request, member.email, 35);
  await page.reload();
  await expect(page.getByTestId('pause-state')).toHaveText(t.underWay);
  await keepScreenshot(page, { path: shot('paused'), fullPage: true });
  await page.getByRole('button', { name: t.resume }).click();
  await expect(page.getByTestId('pause-state')).toHaveCount(0);
  await expect(page.getByTestId('current-subscription').locator('p').nth(1)).toHaveText(t.active);

  // 4. The cancel button: a reason, and the trainer's offer taken instead; the profile states its charge.
  await openPortal(page, t);
  await page.getByRole('radio', { name: t.reason }).check();
  const offer = page.locator('p.offer');
  await expect(offer).toBeVisible();
  const offered = Number(await offer.getAttribute('data-next-amount'));
  expect(offered).toBeGreaterThan(0);
  await expect(offer).toContainText(t.halfOff);
  await page.getByRole('button', { name: t.takeOffer }).click();
  await page.getByRole('link', { name: t.back }).click();
  await expect(page).toHaveURL(/\/profile\/subscription$/);
  const view = await page.request.get('/api/user', { headers: { token: member.token } });
  const next = (await view.json()).user.customer.subscriptions.data[0].next_charge;
  expect(next.amount).toBe(offered);
  await expect(page.getByTestId('next-charge')).toContainText(t.halfOff);
  await keepScreenshot(page, { path: shot('offer-taken'), fullPage: true });
}
