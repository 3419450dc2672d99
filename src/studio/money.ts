// Money and the confirmations' exact words. Amounts come in the currency's minor units; the studio
// always shows the cents ($49.00), since a refund or a price change names an exact sum.
import type { TFunction } from 'i18next';
import { formatMoney } from '../../domain/billing/currency.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import type { CatalogueCheck } from '../../machines/catalogue-edit/catalogue-edit.types.ts';
import type { RefundPreview } from '../../machines/studio-refund/studio-refund.types.ts';

export function money(amount: number, currency: string, language: string): string {
  return formatMoney(amount, currency, billingLocale(language), true);
}

/** A list in the language's words: "A, B and C". */
export function listOf(items: string[], language: string): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
}

/** "Refund $49.00 to Visa •••• 4242; the member loses the 30-Day Shred". */
export function refundWords(preview: RefundPreview, t: TFunction, language: string): string {
  const amount = money(preview.amount, preview.currency, language);
  const card = preview.card
    ? t('studio.refund.card', { brand: preview.card.brand, last4: preview.card.last4 })
    : t('studio.refund.originalMethod');
  if (preview.loses.length === 0) return t('studio.refund.wordsKeeps', { amount, card });
  const loses = listOf(
    preview.loses.map((loss) => t('studio.refund.loss', { name: loss.name })),
    language,
  );
  return t('studio.refund.words', { amount, card, loses });
}

/** "Members who hold $29.99 keep it; new members pay $34.99". */
export function replacementWords(check: CatalogueCheck, t: TFunction, language: string): string {
  if (!check.soldPrice || !check.newPrice) return t('studio.catalogue.replacesUnpriced');
  return t('studio.catalogue.replaces', {
    sold: money(check.soldPrice.amount, check.soldPrice.currency, language),
    next: money(check.newPrice.amount, check.newPrice.currency, language),
  });
}
