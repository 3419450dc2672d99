// `trainer metrics <trainer> [--from D] [--to D]`: the trainer's figures over the admin API
// (adminMetrics), as the studio's dashboard shows them; each is defined in docs/metrics.md.
import type { Command } from 'commander';
import type { components } from '../openapi/schema.d.ts';
import { connect, print, Usage } from './common.ts';
import { money, table } from './output.ts';

type Metrics = components['schemas']['Metrics'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The conversion of the trials that ended in the period, or '-' when none ended. */
function conversion(months: Metrics['months']): string {
  const ended = months.reduce((n, m) => n + m.trialsEnded, 0);
  const converted = months.reduce((n, m) => n + m.trialsConverted, 0);
  return ended === 0 ? '-' : `${Math.round((100 * converted) / ended)}% (${converted} of ${ended})`;
}

export function metricsText(m: Metrics): string {
  const $ = (amount: number) => money(amount, m.currency);
  const revenue = m.months.reduce((n, x) => n + x.revenue, 0);
  const refunds = m.months.reduce((n, x) => n + x.refunds, 0);
  return [
    `Figures from ${m.from} to ${m.to} (UTC), read ${m.asOf}.`,
    '',
    `MRR now: ${$(m.mrr)}`,
    `Active members: ${m.activeMembers}; in a trial: ${m.trialingMembers}`,
    `Payments failing now: ${m.failing.count} (${$(m.failing.amountAtRisk)} at risk)`,
    `Recovered in the period: ${m.recovered.count} (${$(m.recovered.amount)})`,
    `Revenue: ${$(revenue)}; refunds: ${$(refunds)}; trial conversion: ${conversion(m.months)}`,
    '',
    table(
      ['MONTH', 'MRR', 'NEW', 'CHURNED', 'MRR CHURN', 'TRIALS', 'CONVERTED', 'REVENUE', 'REFUNDS'],
      m.months.map((x) => [
        x.month,
        $(x.mrr),
        String(x.newMembers),
        String(x.churnedMembers),
        $(x.mrrChurn),
        String(x.trialsStarted),
        `${x.trialsConverted}/${x.trialsEnded}`,
        $(x.revenue),
        $(x.refunds),
      ]),
    ),
    '',
    m.oneTimeSales.length
      ? table(
          ['PRODUCT', 'SOLD', 'REVENUE'],
          m.oneTimeSales.map((s) => [s.name, String(s.count), $(s.revenue)]),
        )
      : 'No one-time sales in the period.',
    '',
    ...m.programs.map(
      (p) =>
        `${p.name} (${p.units} units): ${
          p.members.length
            ? p.members.map((r) => `${r.count} at ${r.reached}`).join(', ')
            : 'nobody has started it'
        }`,
    ),
  ].join('\n');
}

export function metricsCommand(root: Command): void {
  root
    .command('metrics')
    .description('the trainer’s figures: MRR, members, churn, trials, revenue, refunds, failing payments')
    .argument('<trainer>', 'the trainer’s id')
    .option('--from <day>', 'a day of the first month, YYYY-MM-DD (UTC); the month a year ago unless given')
    .option('--to <day>', 'a day of the last month, YYYY-MM-DD (UTC); this month unless given')
    .action(async (trainerID: string, options: { from?: string; to?: string }, command: Command) => {
      for (const [flag, value] of [
        ['--from', options.from],
        ['--to', options.to],
      ] as const) {
        if (value !== undefined && !DAY.test(value))
          throw new Usage(`${flag} ${value} is not a day as YYYY-MM-DD`);
      }
      const { api, json } = await connect(command);
      const query = {
        ...(options.from !== undefined && { from: options.from }),
        ...(options.to !== undefined && { to: options.to }),
      };
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/metrics', {
          params: { path: { trainerID }, query, header: api.header },
        }),
      );
      print(json, body, () => metricsText(body.metrics));
    });
}
