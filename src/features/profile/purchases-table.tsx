import '@mantine/core/styles/Table.css';
// My Purchases: every charge the payment events recorded, newest first as the server sends them.
import { Alert, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../app/messages.ts';
import { formatAmount } from '../../lib/money.ts';
import { formatDate } from './format-date.ts';
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
  const charges = user.customer.charges;
  const trial = user.customer.subscriptions.data.find((s) => s.status === 'trialing' && s.next_charge);
  if (charges.length === 0) {
    return (
      <>
        <Text>{t('profile.purchaseList.empty')}</Text>
        {trial?.next_charge ? (
          // Nothing is charged during a trial; the member sees when the first charge comes.
          <Text mt="xs" data-testid="trial-running">
            {t('profile.purchaseList.trialRunning', {
              amount: formatAmount(trial.next_charge.amount, trial.next_charge.currency),
              date: formatDate(trial.next_charge.date, i18n.language),
            })}
          </Text>
        ) : null}
      </>
    );
  }

  return (
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
                {formatAmount(charge.amount, charge.currency)}
                {charge.refunded ? ` (${t('profile.purchaseList.refunded')})` : null}
              </Table.Td>
              <Table.Td>{charge.description}</Table.Td>
              <Table.Td>{formatDate(charge.created, i18n.language)}</Table.Td>
              <Table.Td>{charge.payment_method}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
