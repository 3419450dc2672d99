// The languages billing text is written in: the site's two. Anything else reads as English.
export type BillingLocale = 'en' | 'es';

export function billingLocale(locale: string | null | undefined): BillingLocale {
  return locale?.toLowerCase().startsWith('es') ? 'es' : 'en';
}
