// Invoices and billing details on a desktop, in English (tests/e2e/invoices-journey.ts).
import path from 'node:path';
import { test } from './flow-recorder.ts';
import { invoiceJourney } from './invoices-journey.ts';

test.use({ locale: 'en-US' });

test('downloads the invoice from My Purchases and fills the billing details', async ({
  page,
  request,
}, info) => {
  await invoiceJourney(page, request, 'en', path.join(info.outputDir, 'invoices-desktop-en'));
});
