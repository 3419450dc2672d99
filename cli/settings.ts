// `trainer settings ...`: what a member is offered before leaving (decisions 152, 153): the pause
// lengths they may choose and the one offer at the cancel button, and the answers members gave there,
// counted by month. Over the admin API, audited there.
import { type Command, InvalidArgumentError } from 'commander';
import type { components } from '../openapi/schema.d.ts';
import { connect, integer, print } from './common.ts';
import { type DryRunOption, stoppedForDryRun } from './dry-run.ts';
import { table } from './output.ts';
import { taxCommand } from './tax.ts';

/** '1,2,3', or 'none' for no pause. */
function months(text: string): number[] {
  if (text === 'none') return [];
  const list = text.split(',').map((part) => Number(part.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 1 || n > 3))
    throw new InvalidArgumentError('months from 1 to 3, comma-separated (1,2,3), or none');
  return [...new Set(list)];
}

export function settingsCommands(root: Command): void {
  const settings = root
    .command('settings')
    .description('what members are offered before they leave, and the tax they pay');
  taxCommand(settings);
  settings
    .command('retention')
    .description('set the pause lengths members may choose and the one offer at the cancel button')
    .argument('<trainer>', 'the trainer’s id')
    .requiredOption('--pause-months <list>', 'lengths a member may pause for: 1,2,3, or none', months)
    .option('--offer-coupon <code>', 'offer a repeating coupon (so many months off) at the cancel button')
    .option('--offer-pause <months>', 'offer a pause of so many months at the cancel button', integer(1))
    .option('--dry-run', 'say what it would set, and change nothing')
    .action(
      async (
        trainerID: string,
        options: {
          pauseMonths: number[];
          offerCoupon?: string;
          offerPause?: number;
        } & DryRunOption,
        command: Command,
      ) => {
        const { api, json } = await connect(command);
        if (options.offerCoupon && options.offerPause !== undefined)
          throw new InvalidArgumentError('one offer: --offer-coupon or --offer-pause');
        const cancelOffer = options.offerCoupon
          ? { kind: 'coupon' as const, coupon: options.offerCoupon }
          : options.offerPause !== undefined
            ? { kind: 'pause' as const, months: options.offerPause }
            : null;
        const retention = { pauseMonths: options.pauseMonths, cancelOffer };
        const request = {
          method: 'PUT',
          path: `/api/admin/trainers/${trainerID}/retention`,
          body: retention,
        } as const;
        if (
          stoppedForDryRun(
            options,
            json,
            `set the retention of ${trainerID} to: ${retentionText(retention)}`,
            request,
          )
        )
          return;
        const body = await api.answer(
          api.client.PUT('/api/admin/trainers/{trainerID}/retention', {
            params: { path: { trainerID }, header: api.header },
            body: retention,
          }),
        );
        print(json, body, () => `${retentionText(body.retention)}.`);
      },
    );
  settings
    .command('cancellations')
    .description('the answers members gave at the cancel button, counted by month')
    .argument('<trainer>', 'the trainer’s id')
    .option('--months <n>', 'how many months back, this one included', integer(1), 12)
    .action(async (trainerID: string, options: { months: number }, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/cancellation-reasons', {
          params: {
            path: { trainerID },
            query: { months: options.months },
            header: api.header,
          },
        }),
      );
      print(json, body, () =>
        body.counts.length === 0
          ? 'No answers yet.'
          : table(
              ['Month', 'Reason', 'Outcome', 'Count'],
              body.counts.map((c) => [
                c.month,
                c.reason ?? 'not given',
                c.outcome === 'offerTaken' ? 'stayed on the offer' : 'cancelled',
                String(c.count),
              ]),
            ),
      );
    });
}

type Retention = components['schemas']['AdminRetention'];

/** "Pause: 1, 2 month(s). At the cancel button: coupon STAY50" */
function retentionText(r: Pick<Retention, 'pauseMonths' | 'cancelOffer'>): string {
  const offer = !r.cancelOffer
    ? 'no offer'
    : r.cancelOffer.kind === 'coupon'
      ? `coupon ${r.cancelOffer.coupon}`
      : `a pause of ${r.cancelOffer.months} month(s)`;
  const pause = r.pauseMonths.length ? `${r.pauseMonths.join(', ')} month(s)` : 'none';
  return `Pause: ${pause}. At the cancel button: ${offer}`;
}
