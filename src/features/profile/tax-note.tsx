// How a charge ahead is made up where the member pays tax (decision 173): the API's next charge is
// the total, and this line says which part of it is tax, as the hosted pages and emails do.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/api-types.ts';
import { moneyFormatFor } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { formatTaxRate } from '../../../domain/billing/tax.ts';

type NextCharge = NonNullable<User['customer']['subscriptions']['data'][number]['next_charge']>;

/** The member view's next charge, a pause option's, or what a declined renewal left due: the same shape. */
export function TaxNote({
  charge,
  testId = 'next-charge-tax',
}: {
  charge: Pick<NextCharge, 'amount' | 'currency' | 'tax'>;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const { tax } = charge;
  if (!tax) return null;
  const locale = billingLocale(i18n.language);
  // One format for the total and its parts ('$29.99 plus $6.00', never '$6').
  const money = moneyFormatFor([charge.amount, tax.net, tax.amount], charge.currency, locale);
  const values = {
    net: money(tax.net),
    amount: money(tax.amount),
    country: tax.country,
    rate: formatTaxRate(tax.rate_basis_points, locale),
  };
  return (
    <Text size="sm" data-testid={testId}>
      {t(tax.mode === 'inclusive' ? 'profile.manage.taxIncluded' : 'profile.manage.taxAdded', values)}
    </Text>
  );
}
