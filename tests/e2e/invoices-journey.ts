// A member's invoices and billing details in a real browser against the real server (decisions 154
// and 155): pay on the sandbox, download the invoice from My Purchases (the browser's download, by
// the session cookie), read the PDF's text back, then fill the billing details: a wrong tax ID named
// beside its field, then saved. Desktop English and 375 px Spanish run it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  keepScreenshot,
  type Member,
  payForPrice,
  registerMember,
  signIn,
  WEEKLY_PRICE,
} from './fixtures.ts';
import { expect, test } from './flow-recorder.ts';

export const INVOICE_TEXTS = {
  en: {
    title: 'Invoices',
    download: 'Download PDF',
    amount: '$14.99',
    pdfTitle: 'Invoice',
    pdfTotal: 'Total paid $14.99',
    company: 'Company name',
    address: 'Billing address',
    taxId: 'Tax ID (VAT number)',
    save: 'Save billing details',
    badTaxId: 'The tax ID can have only letters, digits, spaces, dots, dashes and slashes',
    saved: 'Your billing details are saved. Your next invoices will show them.',
  },
  es: {
    title: 'Facturas',
    download: 'Descargar PDF',
    amount: '$14,99',
    pdfTitle: 'Factura',
    pdfTotal: 'Total pagado $14,99',
    company: 'Nombre de la empresa',
    address: 'Dirección de facturación',
    taxId: 'NIF / número de IVA',
    save: 'Guardar datos de facturación',
    badTaxId: 'El NIF solo puede tener letras, números, espacios, puntos, guiones y barras',
    saved: 'Tus datos de facturación se han guardado. Aparecerán en tus próximas facturas.',
  },
} as const;
type Language = keyof typeof INVOICE_TEXTS;

/** An axe scan (WCAG 2.0 and 2.1, A and AA) of the page as it is now. */
async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(found, `accessibility violations on ${screen}`).toEqual([]);
}

/** Where a journey starts: a new member signed in, in the language the journey runs in. */
interface Journey {
  page: Page;
  member: Member;
  t: (typeof INVOICE_TEXTS)[Language];
  screenshotPrefix: string;
}

async function invoiceJourney({ page, member, t, screenshotPrefix }: Journey): Promise<void> {
  await payForPrice(page, member, WEEKLY_PRICE, '/');

  await page.goto('/profile/purchases');
  await expect(page.getByRole('heading', { level: 2, name: t.title })).toBeVisible();
  const row = page.getByTestId('invoices').getByRole('row').nth(1);
  await expect(row).toContainText(/INV-\d{6}/);
  await expect(row).toContainText(t.amount);
  const number = /INV-\d{6}/.exec((await row.textContent()) ?? '')?.[0];
  await keepScreenshot(page, { path: `${screenshotPrefix}-purchases.png`, fullPage: true });
  await expectAccessible(page, 'My Purchases with an invoice');

  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: new RegExp(`^${t.download}`) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(file)), { mergePages: true });
  const words = text.replace(/\s+/g, ' ');
  expect(words).toContain(t.pdfTitle);
  expect(words).toContain(`${number}`);
  expect(words).toContain(t.pdfTotal);
}

async function billingDetailsJourney({ page, member, t, screenshotPrefix }: Journey): Promise<void> {
  await page.goto('/profile');
  await page.getByLabel(t.company).fill('Acme Gym Ltd');
  await page.getByLabel(t.address).fill('1 High Street\nLondon');
  await page.getByLabel(t.taxId).fill('GB#123');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.badTaxId)).toBeVisible();
  await expect(page.getByLabel(t.taxId)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the billing details with a refused tax ID');
  await page.getByLabel(t.taxId).fill('GB 123 4567 89');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();
  await keepScreenshot(page, { path: `${screenshotPrefix}-billing.png`, fullPage: true });
  // What was saved is what the server keeps.
  const saved = await page.request.get('/api/user/billing-details', { headers: { token: member.token } });
  expect((await saved.json()).billingDetails).toEqual({
    company: 'Acme Gym Ltd',
    address: '1 High Street\nLondon',
    taxId: 'GB 123 4567 89',
    country: null,
  });
}

/**
 * The file's two tests, invoices then billing details, for a new member each, in `locale` with the
 * browser in `browser`; `titles` names them in that language, and the screenshots are `screenshots`-*.
 */
export function invoicesTests(run: {
  locale: Language;
  browser: string;
  screenshots: string;
  titles: { invoice: string; billingDetails: string };
}): void {
  test.use({ locale: run.browser });
  const journeys = [
    [run.titles.invoice, invoiceJourney],
    [run.titles.billingDetails, billingDetailsJourney],
  ] as const;
  for (const [title, journey] of journeys)
    test(title, async ({ page, request }, info) => {
      const member = await registerMember(request, run.locale);
      await signIn(page, member);
      const screenshotPrefix = path.join(info.outputDir, run.screenshots);
      await journey({ page, member, t: INVOICE_TEXTS[run.locale], screenshotPrefix });
    });
}
