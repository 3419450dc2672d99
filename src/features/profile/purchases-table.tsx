import '@mantine/core/styles/Table.css';
// My Purchases: every charge the payment events recorded, newest first as the server sends them. The
// member's view carries the latest ones; the rest come a page at a time from their own operation, so
// a long history costs nothing until it is asked for (decision 146).
import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { messageText } from '../../text/messages.ts';
import { TableSkeleton } from '../skeletons/skeletons.tsx';
import { DatesInUtc } from './dates-in-utc.tsx';
import { useOlderCharges } from './purchases.queries.ts';
import classes from './purchases-table.module.css';
import { useFreshUser } from './user.queries.ts';

const columns = ['amount', 'subscription', 'date', 'paymentMethod'] as const;
type Column = (typeof columns)[number];

export function PurchasesTable() {
  const { t, i18n } = useTranslation();
  const { data: user, error, isPending } = useFreshUser();
  const older = useOlderCharges(user?.customer.charges_cursor);

  if (isPending) return <TableSkeleton label={t('profile.loading')} />;
  if (error) {
    return (
      <Alert color="red" role="alert">
        {t('profile.loadError', { message: messageText(error.message, t) })}
      </Alert>
    );
  }
  const locale = billingLocale(i18n.language);
  const charges = [...user.customer.charges, ...(older.data?.pages.flatMap((page) => page.charges) ?? [])];
  const moreAfter = older.data ? older.hasNextPage : user.customer.charges_cursor !== null;
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
      <Table striped className={classes.table} data-testid="purchases">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{t(`profile.purchaseList.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((charge) => {
            const cells: Record<Column, string> = {
              amount: `${formatMoney(charge.amount, charge.currency, locale)}${
                charge.refunded ? ` (${t('profile.purchaseList.refunded')})` : ''
              }`,
              subscription: charge.description,
              date: formatBillingDate(charge.created, locale),
              paymentMethod: charge.payment_method,
            };
            return (
              <Table.Tr key={charge.id}>
                {columns.map((column) => (
                  // The label shows beside the value when the rows stack on a phone.
                  <Table.Td key={column} data-label={t(`profile.purchaseList.${column}`)}>
                    {cells[column]}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {older.error ? (
        <Alert color="red" role="alert">
          {t('profile.loadError', { message: messageText(older.error.message, t) })}
        </Alert>
      ) : null}
      {moreAfter ? (
        <Button
          variant="light"
          loading={older.isFetching}
          onClick={() => void (older.data ? older.fetchNextPage() : older.refetch())}
        >
          {t('profile.purchaseList.more')}
        </Button>
      ) : null}
      <DatesInUtc />
    </Stack>
  );
}
