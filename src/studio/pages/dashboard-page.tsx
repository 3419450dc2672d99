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
import { ErrorState, LoadingState, PageTitle } from '../components/states.tsx';
import { defaultPeriod, type Metrics, type MonthFigures, monthBound } from '../metrics.ts';
import { money } from '../money.ts';
import { useStudioNavigate } from '../navigation.tsx';
import { metricsQuery } from '../queries.ts';
import { useStaff } from '../use-staff.ts';

const CHART_HEIGHT = 240;

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
      {metrics.isPending ? <LoadingState label={t('studio.dashboard.loading')} /> : null}
      {metrics.isError ? (
        <ErrorState message={t(metrics.error.message)} onRetry={() => void metrics.refetch()} />
      ) : null}
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
          table={{
            header: [t('studio.figures.members'), t('studio.figures.amount')],
            rows: [
              {
                shown: [count(metrics.failing.count), cash(metrics.failing.amountAtRisk)],
                csv: [metrics.failing.count, major(metrics.failing.amountAtRisk)],
              },
            ],
          }}
        />
        <Figure
          id="recovered"
          title={label('recovered')}
          headline={cash(metrics.recovered.amount)}
          definition={definition('recovered')}
          table={{
            header: [t('studio.figures.payments'), t('studio.figures.amount')],
            rows: [
              {
                shown: [count(metrics.recovered.count), cash(metrics.recovered.amount)],
                csv: [metrics.recovered.count, major(metrics.recovered.amount)],
              },
            ],
          }}
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
        table={monthTable([
          { key: 'mrr', shown: (row) => cash(row.mrr), csv: (row) => major(row.mrr) },
          { key: 'mrrChurn', shown: (row) => cash(row.mrrChurn), csv: (row) => major(row.mrrChurn) },
        ])}
      />
      <Figure
        id="members-by-month"
        title={t('studio.dashboard.membersByMonth')}
        definition={`${definition('newMembers')} ${definition('churnedMembers')}`}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={months}
            dataKey="label"
            series={[
              { name: 'newMembers', label: label('newMembers'), color: 'brand.6' },
              { name: 'churnedMembers', label: label('churnedMembers'), color: 'gray.6' },
            ]}
            withLegend
          />
        }
        table={monthTable([
          { key: 'newMembers', shown: (row) => count(row.newMembers), csv: (row) => row.newMembers },
          {
            key: 'churnedMembers',
            shown: (row) => count(row.churnedMembers),
            csv: (row) => row.churnedMembers,
          },
        ])}
      />
      <Figure
        id="trial-conversion"
        title={label('trialConversion')}
        definition={definition('trialConversion')}
        table={monthTable([
          { key: 'trialsStarted', shown: (row) => count(row.trialsStarted), csv: (row) => row.trialsStarted },
          { key: 'trialsEnded', shown: (row) => count(row.trialsEnded), csv: (row) => row.trialsEnded },
          {
            key: 'trialsConverted',
            shown: (row) => count(row.trialsConverted),
            csv: (row) => row.trialsConverted,
          },
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
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={months}
            dataKey="label"
            series={[
              { name: 'revenue', label: label('revenue'), color: 'brand.6' },
              { name: 'refunds', label: label('refunds'), color: 'red.8' },
            ]}
            valueFormatter={cash}
            withLegend
          />
        }
        table={monthTable([
          { key: 'revenue', shown: (row) => cash(row.revenue), csv: (row) => major(row.revenue) },
          { key: 'refunds', shown: (row) => cash(row.refunds), csv: (row) => major(row.refunds) },
        ])}
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
