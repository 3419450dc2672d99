// Invoices and billing details on a desktop, in English (tests/e2e/invoices-journey.ts).
import { invoicesTests } from './invoices-journey.ts';

invoicesTests({
  locale: 'en',
  browser: 'en-US',
  screenshots: 'invoices-desktop-en',
  titles: {
    invoice: 'downloads the invoice from My Purchases',
    billingDetails: 'fills the billing details, a wrong tax ID refused beside its field',
  },
});
