// `trainer coupons …`: the coupons members enter at checkout, over the admin API.
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { COUPON_DURATIONS, type CouponDuration } from '../openapi/contract-values.ts';
import type { components } from '../openapi/schema.d.ts';
import { amountIn, connect, currency, integer, print, trainerOf, Usage } from './common.ts';
import { type DryRunOption, stoppedForDryRun, withDryRun } from './dry-run.ts';
import { money, table } from './output.ts';
import { couponID as couponIdOf, couponOf } from './resolve.ts';

type Coupon = components['schemas']['AdminCoupon'];

const duration = (text: string) => {
  if (!(COUPON_DURATIONS as readonly string[]).includes(text)) {
    throw new InvalidArgumentError(`must be one of ${COUPON_DURATIONS.join(', ')}`);
  }
  return text as CouponDuration;
};
const date = (text: string) => {
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at.getTime())) {
    throw new InvalidArgumentError('must be a date, such as 2027-01-31 or 2027-01-31T23:59:59Z');
  }
  return at.toISOString();
};

function couponTable(coupons: readonly Coupon[]): string {
  return table(
    ['ID', 'CODE', 'OFF', 'DURATION', 'EXPIRES', 'USED', 'PRICES', 'STATUS'],
    coupons.map((c) => [
      c.id,
      c.code,
      c.percentOff !== null ? `${c.percentOff}%` : money(c.amountOff ?? 0, c.currency ?? 'usd'),
      c.duration === 'repeating' ? `${c.durationInMonths} months` : c.duration,
      c.expiresAt?.slice(0, 10) ?? '-',
      `${c.redemptions}${c.maxRedemptions !== null ? ` of ${c.maxRedemptions}` : ''}`,
      c.priceIds?.join(',') ?? 'any',
      c.archived ? 'archived' : 'active',
    ]),
  );
}

interface AddOptions {
  percentOff?: number;
  amountOff?: string;
  currency?: string;
  duration: CouponDuration;
  months?: number;
  expires?: string;
  max?: number;
  prices?: string;
  dryRun?: boolean;
}

export function couponCommands(root: Command): void {
  const coupons = root.command('coupons').description('add, list and archive a trainer’s coupons');
  coupons
    .command('list')
    .description('every coupon of the trainer, archived ones included, with how often each was used')
    .argument('<trainer>', 'the trainer’s id')
    .action(async (trainerID: string, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/coupons', {
          params: { path: { trainerID }, header: api.header },
        }),
      );
      print(json, body, () => (body.coupons.length === 0 ? 'No coupons yet.' : couponTable(body.coupons)));
    });
  coupons
    .command('add')
    .description('add a coupon members can enter at checkout')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<code>', 'what the member types (any case)')
    .option('--percent-off <percent>', 'a percentage off, 1 to 100', integer(1))
    .option('--amount-off <amount>', 'an amount off in the currency’s major unit, such as 5.00')
    .option('--currency <code>', 'the currency of --amount-off (default: the trainer’s)', currency)
    .requiredOption(
      '--duration <duration>',
      `which invoices it discounts: ${COUPON_DURATIONS.join(', ')}`,
      duration,
    )
    .option('--months <n>', 'with --duration repeating: for how many months', integer(1))
    .option('--expires <date>', 'the last moment it can be entered', date)
    .option('--max <n>', 'how many checkouts may use it', integer(1))
    .option('--prices <ids>', 'the plans it applies to, comma-separated (default: any)')
    .option('--dry-run', 'say what it would add, and add nothing')
    .action(async (trainerID: string, code: string, options: AddOptions, command: Command) => {
      const { api, json } = await connect(command);
      if ((options.percentOff === undefined) === (options.amountOff === undefined)) {
        throw new Usage('give --percent-off or --amount-off, one of the two');
      }
      const amountCurrency =
        options.amountOff !== undefined
          ? (options.currency ?? (await trainerOf(api, trainerID)).trainer.currency)
          : undefined;
      const coupon = {
        code,
        duration: options.duration,
        ...(options.percentOff !== undefined && {
          percentOff: options.percentOff,
        }),
        ...(options.amountOff !== undefined &&
          amountCurrency && {
            amountOff: amountIn(options.amountOff, amountCurrency, '--amount-off'),
            currency: amountCurrency,
          }),
        ...(options.months !== undefined && {
          durationInMonths: options.months,
        }),
        ...(options.expires !== undefined && { expiresAt: options.expires }),
        ...(options.max !== undefined && { maxRedemptions: options.max }),
        ...(options.prices !== undefined && {
          priceIds: options.prices.split(',').map((p) => p.trim()),
        }),
      };
      const request = {
        method: 'POST',
        path: `/api/admin/trainers/${trainerID}/coupons`,
        body: coupon,
      } as const;
      if (
        stoppedForDryRun(options, json, `add coupon ${code} to ${trainerID}: ${couponWords(coupon)}`, request)
      )
        return;
      const body = await api.answer(
        api.client.POST('/api/admin/trainers/{trainerID}/coupons', {
          params: { path: { trainerID }, header: api.header },
          body: coupon,
        }),
      );
      print(json, body, () => `Added coupon ${body.coupon.code}.\n${couponTable([body.coupon])}`);
    });
  withDryRun(
    coupons
      .command('archive')
      .description('stop a coupon being entered at checkout; discounts already given run their course')
      .argument('<trainer>', 'the trainer’s id')
      .argument('<coupon>', 'the coupon’s code (what members type) or id'),
  ).action(async (trainerID: string, given: string, options: DryRunOption, command: Command) => {
    const { api, json } = await connect(command);
    if (options.dryRun) {
      const c = await couponOf(api, trainerID, given);
      const request = {
        method: 'POST',
        path: `/api/admin/trainers/${trainerID}/coupons/${c.id}/archive`,
      } as const;
      const what = `stop coupon ${c.code} (${c.id}, ${couponWords(c)}, used ${c.redemptions} times) being entered at checkout; discounts already given run their course`;
      stoppedForDryRun(options, json, what, request);
      return;
    }
    const couponID = await couponIdOf(api, trainerID, given);
    const body = await api.answer(
      api.client.POST('/api/admin/trainers/{trainerID}/coupons/{couponID}/archive', {
        params: { path: { trainerID, couponID }, header: api.header },
      }),
    );
    print(json, body, () => `Archived coupon ${body.coupon.code}.`);
  });
}

type CouponTerms = Pick<Coupon, 'duration'> &
  Partial<
    Pick<
      Coupon,
      | 'percentOff'
      | 'amountOff'
      | 'currency'
      | 'durationInMonths'
      | 'expiresAt'
      | 'maxRedemptions'
      | 'priceIds'
    >
  >;

/** "20% off once, until 2027-01-31, for 10 checkouts, on any plan" */
function couponWords(c: CouponTerms): string {
  const off =
    c.percentOff !== undefined && c.percentOff !== null
      ? `${c.percentOff}% off`
      : `${money(c.amountOff ?? 0, c.currency ?? 'usd')} off`;
  const how = c.duration === 'repeating' ? `for ${c.durationInMonths} months` : c.duration;
  return [
    `${off} ${how}`,
    c.expiresAt ? `until ${c.expiresAt.slice(0, 10)}` : undefined,
    c.maxRedemptions ? `for ${c.maxRedemptions} checkouts` : undefined,
    c.priceIds?.length ? `on ${c.priceIds.join(', ')}` : 'on any plan',
  ]
    .filter(Boolean)
    .join(', ');
}
