// Invoices and billing details at 375 px, in Spanish (tests/e2e/invoices-journey.ts).
import path from 'node:path';
import { test } from './flow-recorder.ts';
import { invoiceJourney } from './invoices-journey.ts';

test.use({ locale: 'es-ES' });

test('descarga la factura desde Mis compras y rellena los datos de facturación', async ({
  page,
  request,
}, info) => {
  await invoiceJourney(page, request, 'es', path.join(info.outputDir, 'invoices-mobile-es'));
});
