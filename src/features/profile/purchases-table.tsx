import '@mantine/core/styles/Table.css';
// My Purchases: every charge the payment events recorded, newest first as the server sends them.
import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { messageText } from '../../text/messages.ts';
import { DatesInUtc } from './dates-in-utc.tsx';
import { useFreshUser } from './user.queries.ts';

export function PurchasesTable() {
  const { t, i18n } = useTranslation();
  const { data: user, error, isPending } = useFreshUser();

  if (isPending) return <Loader aria-label={t('profile.loading')} />;
  if (error) {
    return (
      <Alert color="red" role="alert">
        {t('profile.loadError', { message: messageText(error.message, t) })}
      </Alert>
    );
  }
  const locale = billingLocale(i18n.language);
  const charges = user.customer.charges;
  const trial = user.customer.subscriptions.data.find((s) => s.status === 'trialing' && s.next_charge);
  if (charges.length === 0) {
    return (
      <>
        <Text>{t('profile.purchaseList.empty')}</Text>
        {trial?.next_charge ? (
          // Nothing is charged during a trial; the member sees when the first charge comes.
          <>
            <Text mt="xs" data-testid="trial-running">
              {t('profile.purchaseList.trialRunning', {
                amount: formatMoney(trial.next_charge.amount, trial.next_charge.currency, locale),
                date: formatBillingDate(trial.next_charge.date, locale),
              })}
            </Text>
            <DatesInUtc />
          </>
        ) : null}
      </>
    );
  }

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profile.purchaseList.amount')}</Table.Th>
              <Table.Th>{t('profile.purchaseList.subscription')}</Table.Th>
              <Table.Th>{t('profile.purchaseList.date')}</Table.Th>
              <Table.Th>{t('profile.purchaseList.paymentMethod')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {charges.map((charge) => (
              <Table.Tr key={charge.id}>
                <Table.Td>
                  {formatMoney(charge.amount, charge.currency, locale)}
                  {charge.refunded ? ` (${t('profile.purchaseList.refunded')})` : null}
                </Table.Td>
                <Table.Td>{charge.description}</Table.Td>
                <Table.Td>{formatBillingDate(charge.created, locale)}</Table.Td>
                <Table.Td>{charge.payment_method}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DatesInUtc />
    </Stack>
  );
}
