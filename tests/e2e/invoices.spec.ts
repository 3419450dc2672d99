// Invoices and billing details on a desktop, in English (tests/e2e/invoices-journey.ts).
import path from 'node:path';
import { test } from './flow-recorder.ts';
import { billingDetailsJourney, invoiceJourney } from './invoices-journey.ts';

test.use({ locale: 'en-US' });

test('downloads the invoice from My Purchases', async ({ page, request }, info) => {
  await invoiceJourney(page, request, 'en', path.join(info.outputDir, 'invoices-desktop-en'));
});

test('fills the billing details, a wrong tax ID refused beside its field', async ({
  page,
  request,
}, info) => {
  await billingDetailsJourney(page, request, 'en', path.join(info.outputDir, 'invoices-desktop-en'));
});
