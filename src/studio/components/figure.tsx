// One figure of the dashboard: its name, its definition in words, the chart (hidden from screen
// readers, which read the table instead), the same numbers as a table, and a CSV download of them.
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, toCsv } from '../csv.ts';
import { TableScroll } from './table-scroll.tsx';

export interface FigureTable {
  header: string[];
  /** Each cell as shown, and as the CSV holds it (numbers stay numbers, in major units for money). */
  rows: { shown: string[]; csv: (string | number)[] }[];
}

export function Figure({
  id,
  title,
  definition,
  chart,
  table,
  headline,
}: {
  id: string;
  title: string;
  definition: string;
  chart?: ReactNode;
  table: FigureTable;
  headline?: string;
}) {
  const { t } = useTranslation();
  const headingId = `figure-${id}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              downloadCsv(
                id,
                toCsv(
                  table.header,
                  table.rows.map((row) => row.csv),
                ),
              )
            }
            aria-label={t('studio.figures.csvOf', { figure: title })}
          >
            {t('studio.figures.csv')}
          </Button>
        </Group>
        {headline ? (
          <Text fz={28} fw={700} data-testid={`headline-${id}`}>
            {headline}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {definition}
        </Text>
        {/* The chart's own keyboard layer would take focus inside a part hidden from screen readers:
            inert keeps it out of the tab order too, and the table below says the same. */}
        {chart ? (
          <div aria-hidden="true" inert>
            {chart}
          </div>
        ) : null}
        <TableScroll label={title}>
          <Table striped withTableBorder fz="sm" miw={table.header.length * 90}>
            <caption className="studio-visually-hidden">{title}</caption>
            <Table.Thead>
              <Table.Tr>
                {table.header.map((cell) => (
                  <Table.Th key={cell} scope="col">
                    {cell}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row) => (
                <Table.Tr key={row.shown.join('|')}>
                  {row.shown.map((cell, index) =>
                    index === 0 ? (
                      <Table.Th key={table.header[index]} scope="row" fw={500}>
                        {cell}
                      </Table.Th>
                    ) : (
                      <Table.Td key={table.header[index]}>{cell}</Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Stack>
    </Paper>
  );
}
