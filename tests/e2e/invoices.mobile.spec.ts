// Invoices and billing details at 375 px, in Spanish (tests/e2e/invoices-journey.ts).
import { invoicesTests } from './invoices-journey.ts';

invoicesTests({
  locale: 'es',
  browser: 'es-ES',
  screenshots: 'invoices-mobile-es',
  titles: {
    invoice: 'descarga la factura desde Mis compras',
    billingDetails: 'rellena los datos de facturación, un NIF erróneo rechazado junto a su campo',
  },
});
