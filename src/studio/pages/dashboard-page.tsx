// The figures that matter (issue point 3), each with its definition on the page (the same words as
// docs/metrics.md), a chart, the same numbers as a table, and a CSV download. The period is a range
// of whole months (UTC), the last twelve and this one unless chosen.
import { BarChart, LineChart } from '@mantine/charts';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { majorUnits } from '../../../domain/billing/currency.ts';
import { conversionRate } from '../../../domain/metrics/metrics.ts';
import { Figure, type FigureTable } from '../components/figure.tsx';
import { PageTitle, QueryStates } from '../components/states.tsx';
import { defaultPeriod, type Metrics, type MonthFigures, monthBound } from '../metrics.ts';
import { money } from '../money.ts';
import { useStudioNavigate } from '../navigation.tsx';
import { metricsQuery } from '../queries.ts';
import { useStaff } from '../use-staff.ts';

const CHART_HEIGHT = 240;

/** A figure every month has (the month itself is the row's name). */
type MonthFigure = Exclude<keyof MonthFigures, 'month'>;

export function DashboardPage({ search }: { search: { from?: string; to?: string } }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const navigate = useStudioNavigate();
  const fallback = defaultPeriod(new Date());
  const from = search.from ? monthBound(search.from, false) : fallback.from;
  const to = search.to ? monthBound(search.to, true) : fallback.to;
  const metrics = useQuery(metricsQuery(from, to));
  const [fromMonth, setFromMonth] = useState(from.slice(0, 7));
  const [toMonth, setToMonth] = useState(to.slice(0, 7));
  const choose = (event: FormEvent) => {
    event.preventDefault();
    void navigate('/studio', { search: { from: fromMonth, to: toMonth } });
  };
  return (
    <Stack>
      <PageTitle site={staff.trainerName}>{t('studio.dashboard.title')}</PageTitle>
      <form onSubmit={choose} aria-label={t('studio.dashboard.period')}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="month"
            label={t('studio.dashboard.from')}
            value={fromMonth}
            onChange={(event) => setFromMonth(event.currentTarget.value)}
          />
          <TextInput
            type="month"
            label={t('studio.dashboard.to')}
            value={toMonth}
            onChange={(event) => setToMonth(event.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            {t('studio.dashboard.show')}
          </Button>
        </Group>
      </form>
      <QueryStates query={metrics} loading={t('studio.dashboard.loading')} />
      {metrics.data ? <Figures metrics={metrics.data} /> : null}
    </Stack>
  );
}

function Figures({ metrics }: { metrics: Metrics }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { currency } = metrics;
  const cash = (amount: number) => money(amount, currency, lang);
  const major = (amount: number) => majorUnits(amount, currency);
  const count = (value: number) => new Intl.NumberFormat(lang).format(value);
  const percent = (value: number | null) =>
    value === null
      ? '—'
      : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(lang, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  const label = (key: string) => t(`studio.metrics.${key}.title`);
  const definition = (key: string) => t(`studio.metrics.${key}.definition`);
  const months = metrics.months.map((row) => ({ ...row, label: monthName(row.month) }));
  const monthTable = (
    columns: {
      key: string;
      shown: (row: (typeof months)[number]) => string;
      csv: (row: (typeof months)[number]) => string | number;
    }[],
  ): FigureTable => ({
    header: [t('studio.figures.month'), ...columns.map((column) => label(column.key))],
    rows: months.map((row) => ({
      shown: [row.label, ...columns.map((column) => column.shown(row))],
      csv: [row.month, ...columns.map((column) => column.csv(row))],
    })),
  });
  const single = (key: string, shown: string, csv: string | number): FigureTable => ({
    header: [t('studio.figures.figure'), t('studio.figures.value')],
    rows: [{ shown: [label(key), shown], csv: [label(key), csv] }],
  });
  /** How many and how much: the count headed by what is counted, the sum of money beside it. */
  const countAndAmount = (counted: string, number: number, amount: number): FigureTable => ({
    header: [counted, t('studio.figures.amount')],
    rows: [{ shown: [count(number), cash(amount)], csv: [number, major(amount)] }],
  });
  /** A column of the months' table: a sum of money (in major units in the CSV), or a count. */
  const cashColumn = (key: MonthFigure) => ({
    key,
    shown: (row: MonthFigures) => cash(row[key]),
    csv: (row: MonthFigures) => major(row[key]),
  });
  const countColumn = (key: MonthFigure) => ({
    key,
    shown: (row: MonthFigures) => count(row[key]),
    csv: (row: MonthFigures) => row[key],
  });
  /** Two figures of each month side by side, the first in the brand's colour. */
  const bars = (first: MonthFigure, second: MonthFigure, color: string, valueFormatter?: typeof cash) => (
    <BarChart
      h={CHART_HEIGHT}
      data={months}
      dataKey="label"
      series={[
        { name: first, label: label(first), color: 'brand.6' },
        { name: second, label: label(second), color },
      ]}
      valueFormatter={valueFormatter}
      withLegend
    />
  );
  const conversion = (row: MonthFigures) => conversionRate([row]);
  const asOf = new Intl.DateTimeFormat(lang, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(metrics.asOf));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('studio.dashboard.asOf', { date: asOf })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Figure
          id="mrr"
          title={label('mrr')}
          headline={cash(metrics.mrr)}
          definition={definition('mrr')}
          table={single('mrr', cash(metrics.mrr), major(metrics.mrr))}
        />
        <Figure
          id="active-members"
          title={label('activeMembers')}
          headline={count(metrics.activeMembers)}
          definition={definition('activeMembers')}
          table={single('activeMembers', count(metrics.activeMembers), metrics.activeMembers)}
        />
        <Figure
          id="trialing-members"
          title={label('trialingMembers')}
          headline={count(metrics.trialingMembers)}
          definition={definition('trialingMembers')}
          table={single('trialingMembers', count(metrics.trialingMembers), metrics.trialingMembers)}
        />
        <Figure
          id="failing"
          title={label('failing')}
          headline={cash(metrics.failing.amountAtRisk)}
          definition={definition('failing')}
          table={countAndAmount(
            t('studio.figures.members'),
            metrics.failing.count,
            metrics.failing.amountAtRisk,
          )}
        />
        <Figure
          id="recovered"
          title={label('recovered')}
          headline={cash(metrics.recovered.amount)}
          definition={definition('recovered')}
          table={countAndAmount(
            t('studio.figures.payments'),
            metrics.recovered.count,
            metrics.recovered.amount,
          )}
        />
      </SimpleGrid>
      <Figure
        id="mrr-by-month"
        title={t('studio.dashboard.mrrByMonth')}
        definition={`${definition('mrr')} ${definition('mrrChurn')}`}
        chart={
          <LineChart
            h={CHART_HEIGHT}
            data={months}
            dataKey="label"
            series={[{ name: 'mrr', label: label('mrr'), color: 'brand.6' }]}
            valueFormatter={cash}
            withLegend={false}
          />
        }
        table={monthTable([cashColumn('mrr'), cashColumn('mrrChurn')])}
      />
      <Figure
        id="members-by-month"
        title={t('studio.dashboard.membersByMonth')}
        definition={`${definition('newMembers')} ${definition('churnedMembers')}`}
        chart={bars('newMembers', 'churnedMembers', 'gray.6')}
        table={monthTable([countColumn('newMembers'), countColumn('churnedMembers')])}
      />
      <Figure
        id="trial-conversion"
        title={label('trialConversion')}
        definition={definition('trialConversion')}
        table={monthTable([
          countColumn('trialsStarted'),
          countColumn('trialsEnded'),
          countColumn('trialsConverted'),
          {
            key: 'trialConversion',
            shown: (row) => percent(conversion(row)),
            csv: (row) => conversion(row) ?? '',
          },
        ])}
      />
      <Figure
        id="revenue-by-month"
        title={t('studio.dashboard.revenueByMonth')}
        definition={`${definition('revenue')} ${definition('refunds')}`}
        chart={bars('revenue', 'refunds', 'red.8', cash)}
        table={monthTable([cashColumn('revenue'), cashColumn('refunds')])}
      />
      <Figure
        id="one-time-sales"
        title={label('oneTimeSales')}
        definition={definition('oneTimeSales')}
        table={{
          header: [t('studio.figures.product'), t('studio.figures.sales'), label('revenue')],
          rows: metrics.oneTimeSales.map((row) => ({
            shown: [row.name, count(row.count), cash(row.revenue)],
            csv: [row.name, row.count, major(row.revenue)],
          })),
        }}
      />
      <Figure
        id="programs"
        title={label('programs')}
        definition={definition('programs')}
        table={{
          header: [t('studio.figures.program'), t('studio.figures.reached'), t('studio.figures.members')],
          rows: metrics.programs.flatMap((program) =>
            program.members.map((step) => ({
              shown: [
                program.name,
                t('studio.figures.reachedOf', { reached: step.reached, units: program.units }),
                count(step.count),
              ],
              csv: [program.name, step.reached, step.count],
            })),
          ),
        }}
      />
    </Stack>
  );
}
