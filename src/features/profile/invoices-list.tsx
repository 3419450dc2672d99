// My Purchases' invoices (decision 154): each charge's invoice and each refund's credit note, newest
// first, a page at a time, with its PDF. The site's own PDF downloads by the session cookie; where
// Stripe issued the invoice, its PDF opens from Stripe.
import { Alert, Anchor, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBillingDate } from '../../../domain/billing/calendar.ts';
import { formatMoney } from '../../../domain/billing/currency.ts';
import { billingLocale } from '../../../domain/billing/locale.ts';
import { messageText } from '../../text/messages.ts';
import { TableSkeleton } from '../skeletons/skeletons.tsx';
import { type Invoice, useInvoices } from './invoices.queries.ts';
import classes from './purchases-table.module.css';

const columns = ['number', 'kind', 'date', 'total', 'pdf'] as const;
type Column = (typeof columns)[number];

/** The site's own PDF is a same-site download; Stripe's opens in a new tab. */
const isSitePdf = (invoice: Invoice) => invoice.pdfUrl.includes(`/api/user/invoices/${invoice.id}/pdf`);

export function InvoicesList() {
  const { t, i18n } = useTranslation();
  const query = useInvoices();
  const locale = billingLocale(i18n.language);

  let content: React.ReactNode;
  if (query.isPending) content = <TableSkeleton label={t('profile.loading')} rows={2} />;
  else if (query.error) {
    content = (
      <Alert color="red" role="alert">
        {t('profile.loadError', { message: messageText(query.error.message, t) })}
      </Alert>
    );
  } else {
    const invoices = query.data.pages.flatMap((page) => page.invoices);
    content =
      invoices.length === 0 ? (
        <Text>{t('profile.invoices.empty')}</Text>
      ) : (
        <Stack gap="xs">
          <Table striped className={classes.table} data-testid="invoices">
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{t(`profile.invoices.${column}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => {
                const cells: Record<Column, React.ReactNode> = {
                  number: invoice.number,
                  kind:
                    invoice.series === 'invoice'
                      ? t('profile.invoices.invoice', { description: invoice.description })
                      : t('profile.invoices.creditNote', { description: invoice.description }),
                  date: formatBillingDate(invoice.issuedAt, locale),
                  total: formatMoney(invoice.total, invoice.currency, locale),
                  pdf: (
                    // In the text's own colour, underlined: the brand's colour on a striped row is
                    // below AA contrast.
                    <Anchor
                      href={invoice.pdfUrl}
                      c="inherit"
                      underline="always"
                      fw={600}
                      size="sm"
                      aria-label={t('profile.invoices.downloadLabel', { number: invoice.number })}
                      {...(isSitePdf(invoice)
                        ? { download: `${invoice.number}.pdf` }
                        : { target: '_blank', rel: 'noopener noreferrer' })}
                    >
                      {t('profile.invoices.download')}
                    </Anchor>
                  ),
                };
                return (
                  <Table.Tr key={invoice.id}>
                    {columns.map((column) => (
                      <Table.Td key={column} data-label={t(`profile.invoices.${column}`)}>
                        {cells[column]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {query.hasNextPage ? (
            <Button
              variant="default"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('profile.invoices.more')}
            </Button>
          ) : null}
        </Stack>
      );
  }

  return (
    <Stack gap="xs" mt="xl">
      <Title order={2} size="h3">
        {t('profile.invoices.title')}
      </Title>
      {content}
    </Stack>
  );
}
