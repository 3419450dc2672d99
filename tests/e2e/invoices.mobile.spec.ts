// Invoices and billing details at 375 px, in Spanish (tests/e2e/invoices-journey.ts).
import path from 'node:path';
import { test } from './flow-recorder.ts';
import { billingDetailsJourney, invoiceJourney } from './invoices-journey.ts';

test.use({ locale: 'es-ES' });

test('descarga la factura desde Mis compras', async ({ page, request }, info) => {
  await invoiceJourney(page, request, 'es', path.join(info.outputDir, 'invoices-mobile-es'));
});

test('rellena los datos de facturación, un NIF erróneo rechazado junto a su campo', async ({
  page,
  request,
}, info) => {
  await billingDetailsJourney(page, request, 'es', path.join(info.outputDir, 'invoices-mobile-es'));
});
