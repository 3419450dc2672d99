// Undoing a scheduled cancellation in a real browser against the real server (decisions 133, 162): a
// member on the weekly plan cancels at the period's end in the sandbox portal, giving a reason; back in
// Manage My Subscription they read when it ends, press "Keep my membership" there, read that it renews
// again, and are emailed that it stays as it is. Desktop English and 375 px Spanish run it.
import type { APIRequestContext, Page } from '@playwright/test';
import { keepScreenshot, payForPrice, registerMember, signIn, WEEKLY_PRICE } from './fixtures.ts';
import { expect } from './flow-recorder.ts';

export const UNDO_TEXTS = {
  en: {
    openPortal: 'Manage subscription',
    reason: "I don't use it enough",
    cancel: 'Cancel at the end of the period',
    back: 'Return to the site',
    ends: /^Cancelled: ends on /,
    keep: 'Keep my membership',
    renews: /^Renews on /,
    keptSubject: 'your plan stays as it is',
  },
  es: {
    openPortal: 'Administrar suscripción',
    reason: 'No lo uso lo suficiente',
    cancel: 'Cancelar al final del periodo',
    back: 'Volver al sitio',
    ends: /^Cancelada: termina el /,
    keep: 'Mantener mi membresía',
    renews: /^Se renueva el /,
    keptSubject: 'tu plan sigue como está',
  },
} as const;

export async function undoJourney(
  page: Page,
  request: APIRequestContext,
  locale: keyof typeof UNDO_TEXTS,
  shot: (name: string) => string,
): Promise<void> {
  const t: (typeof UNDO_TEXTS)['en' | 'es'] = UNDO_TEXTS[locale];
  const member = await registerMember(request, locale, 'Undo Member', 'undo');
  await signIn(page, member);
  await payForPrice(page, member, WEEKLY_PRICE, '/');

  // Cancel at the period's end in the portal, with a reason.
  await page.goto('/profile/subscription');
  await page.getByRole('button', { name: t.openPortal }).click();
  await page.waitForURL('**/sandbox/portal/**');
  await page.getByRole('radio', { name: t.reason }).check();
  await page.getByRole('button', { name: t.cancel }).click();
  await page.getByRole('link', { name: t.back }).click();
  await page.waitForURL('**/profile/subscription');
  await expect(page.getByText(t.ends)).toBeVisible();
  await keepScreenshot(page, { path: shot('cancelled'), fullPage: true });

  // Changed their mind: kept here, without the portal.
  await page.getByRole('button', { name: t.keep }).click();
  await expect(page.getByText(t.renews)).toBeVisible();
  await expect(page.getByText(t.ends)).toHaveCount(0);
  await keepScreenshot(page, { path: shot('kept'), fullPage: true });

  // The email says so.
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get('/dev/mailbox.json')).json()) as {
        messages: { to: string; subject: string }[];
      };
      return messages.some((m) => m.to === member.email && m.subject.endsWith(t.keptSubject));
    })
    .toBe(true);
}
