// `trainer plans …`: a trainer's recurring plans, over the admin API. Adding, changing and
// archiving take --dry-run, which says what would change and sends nothing.
import { type Command, InvalidArgumentError } from 'commander';
import { BILLING_INTERVALS, type BillingInterval } from '../openapi/contract-values.ts';
import type { components } from '../openapi/schema.d.ts';
import type { AdminClient } from './admin-client.ts';
import { Refused } from './admin-client.ts';
import { amountIn, connect, currency, integer, print, trainerOf, Usage } from './common.ts';
import { type DryRunOption, stoppedForDryRun, withDryRun } from './dry-run.ts';
import { money, table } from './output.ts';

type Plan = components['schemas']['AdminPlan'];

// Commander turns a parsed null into '', so "no trial" stays a word until the body is made.
const trialDays = (text: string) => (text === 'none' ? 'none' : integer(0)(text));
const interval = (text: string) => {
  if (!(BILLING_INTERVALS as readonly string[]).includes(text)) {
    throw new InvalidArgumentError(`must be one of ${BILLING_INTERVALS.join(', ')}`);
  }
  return text as BillingInterval;
};

const period = (p: Plan) =>
  p.interval === null
    ? 'one time'
    : `${p.intervalCount ?? 1} ${p.interval}${(p.intervalCount ?? 1) > 1 ? 's' : ''}`;

function planTable(plans: readonly Plan[]): string {
  return table(
    ['ID', 'NAME', 'NAME (ES)', 'EVERY', 'AMOUNT', 'TRIAL', 'STATUS', 'SOLD'],
    plans.map((p) => [
      p.id,
      p.nicknames.en ?? '',
      p.nicknames.es ?? '',
      period(p),
      money(p.amount, p.currency),
      p.trialDays === null ? '-' : `${p.trialDays} days`,
      p.archived ? 'archived' : 'active',
      p.sold ? 'yes' : 'no',
    ]),
  );
}

async function plansOf(api: AdminClient, trainerID: string): Promise<Plan[]> {
  const { plans } = await api.answer(
    api.client.GET('/api/admin/trainers/{trainerID}/plans', {
      params: { path: { trainerID }, header: api.header },
    }),
  );
  return plans;
}

/** The plan a dry run speaks of, refused in the server's words when the trainer has no such plan. */
async function planOf(api: AdminClient, trainerID: string, planID: string): Promise<Plan> {
  const plan = (await plansOf(api, trainerID)).find((p) => p.id === planID);
  if (!plan) throw new Refused(404, `Trainer ${trainerID} has no plan ${planID}`);
  return plan;
}

/** "Monthly, 29.99 USD every 1 month" */
const planWords = (p: Pick<Plan, 'nicknames' | 'amount' | 'currency' | 'interval' | 'intervalCount'>) =>
  `${p.nicknames.en ?? ''}, ${money(p.amount, p.currency)} every ${period(p as Plan)}`;

export function planCommands(root: Command): void {
  const plans = root.command('plans').description('list, add, change and archive a trainer’s plans');
  plans
    .command('list')
    .description('every plan of the trainer, archived ones included')
    .argument('<trainer>', 'the trainer’s id')
    .action(async (trainerID: string, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/plans', {
          params: { path: { trainerID }, header: api.header },
        }),
      );
      print(json, body, () => (body.plans.length === 0 ? 'No plans yet.' : planTable(body.plans)));
    });

  /** The plan's options; `add` requires the period, the amount and the English name. */
  const planOptions = (command: Command, required: boolean) => {
    const option = (flags: string, description: string, parse?: (text: string) => unknown) => {
      const add = required && /^--(interval|amount|name) /.test(flags) ? 'requiredOption' : 'option';
      if (parse) command[add](flags, description, parse as (text: string) => string);
      else command[add](flags, description);
    };
    option('--interval <interval>', `how often it renews: ${BILLING_INTERVALS.join(', ')}`, interval);
    option('--count <n>', 'renews every <n> intervals (3 with month: quarterly)', integer(1));
    option('--amount <amount>', 'the price in the currency’s major unit, such as 29.99');
    option('--currency <code>', 'ISO 4217 (default: the trainer’s)', currency);
    option('--trial-days <days>', 'days of trial for a new member, or none', trialDays);
    option('--name <name>', 'the plan’s name in English');
    option('--name-es <name>', 'the plan’s name in Spanish');
    return command;
  };
  interface PlanOptions {
    interval?: BillingInterval;
    count?: number;
    amount?: string;
    currency?: string;
    trialDays?: number | 'none';
    name?: string;
    nameEs?: string;
  }
  const planBody = (options: PlanOptions, amountCurrency: string) => ({
    ...(options.interval !== undefined && { interval: options.interval }),
    ...(options.count !== undefined && { intervalCount: options.count }),
    ...(options.amount !== undefined && {
      amount: amountIn(options.amount, amountCurrency),
    }),
    ...(options.currency !== undefined && { currency: options.currency }),
    ...(options.trialDays !== undefined && {
      trialDays: options.trialDays === 'none' ? null : options.trialDays,
    }),
  });

  withDryRun(
    planOptions(
      plans
        .command('add')
        .description('add a recurring plan to the trainer’s membership; it is on sale at once')
        .argument('<trainer>', 'the trainer’s id'),
      true,
    ),
  ).action(
    async (
      trainerID: string,
      options: PlanOptions & Required<Pick<PlanOptions, 'interval' | 'amount' | 'name'>> & DryRunOption,
      command: Command,
    ) => {
      const { api, json } = await connect(command);
      const code = options.currency ?? (await trainerOf(api, trainerID)).trainer.currency;
      const plan = {
        ...planBody(options, code),
        interval: options.interval,
        amount: amountIn(options.amount, code),
        nicknames: {
          en: options.name,
          ...(options.nameEs && { es: options.nameEs }),
        },
      };
      const what = `add the plan ${planWords({ ...plan, currency: code, intervalCount: plan.intervalCount ?? 1 })} to ${trainerID}, on sale at once`;
      const request = {
        method: 'POST',
        path: `/api/admin/trainers/${trainerID}/plans`,
        body: plan,
      } as const;
      if (stoppedForDryRun(options, json, what, request)) return;
      const body = await api.answer(
        api.client.POST('/api/admin/trainers/{trainerID}/plans', {
          params: { path: { trainerID }, header: api.header },
          body: plan,
        }),
      );
      print(json, body, () => `Added plan ${body.plan.id}.\n${planTable([body.plan])}`);
    },
  );

  withDryRun(
    planOptions(
      plans
        .command('update')
        .description(
          'change a plan; a sold plan’s amount or period changes by archiving it and adding a new one',
        )
        .argument('<trainer>', 'the trainer’s id')
        .argument('<plan>', 'the plan’s id'),
      false,
    ),
  ).action(
    async (trainerID: string, planID: string, options: PlanOptions & DryRunOption, command: Command) => {
      const { api, json } = await connect(command);
      // A dry run names the plan as it is now; a change sent is refused by the server if there is none.
      const current = options.dryRun ? await planOf(api, trainerID, planID) : undefined;
      let code = options.currency;
      if (options.amount !== undefined && !code) {
        code =
          (current ?? (await plansOf(api, trainerID)).find((p) => p.id === planID))?.currency ??
          (await trainerOf(api, trainerID)).trainer.currency;
      }
      const names =
        options.name !== undefined || options.nameEs !== undefined
          ? {
              nicknames: {
                en: options.name ?? '',
                ...(options.nameEs && { es: options.nameEs }),
              },
            }
          : {};
      if (names.nicknames && options.name === undefined) throw new Usage('--name-es needs --name too');
      const change = { ...planBody(options, code ?? 'usd'), ...names };
      if (Object.keys(change).length === 0) throw new Usage('nothing to change: give at least one option');
      if (current) {
        const after = {
          ...current,
          ...change,
          nicknames: change.nicknames ?? current.nicknames,
        };
        const reprices = ['amount', 'currency', 'interval', 'intervalCount'].some(
          (key) => key in change && change[key as keyof typeof change] !== current[key as keyof Plan],
        );
        const how =
          current.sold && reprices
            ? `archive plan ${planID} (${planWords(current)}), which is sold, so its members keep it, and add ${planWords(after)} in its place`
            : `change plan ${planID} from ${planWords(current)} to ${planWords(after)}`;
        const trial = 'trialDays' in change ? `, trial ${change.trialDays ?? 'none'}` : '';
        const request = {
          method: 'PATCH',
          path: `/api/admin/trainers/${trainerID}/plans/${planID}`,
          body: change,
        } as const;
        stoppedForDryRun(options, json, `${how}${trial}`, request);
        return;
      }
      const body = await api.answer(
        api.client.PATCH('/api/admin/trainers/{trainerID}/plans/{planID}', {
          params: { path: { trainerID, planID }, header: api.header },
          body: change,
        }),
      );
      print(json, body, () =>
        body.replaced
          ? `Plan ${body.replaced} was sold, so it is archived (its members keep it) and ${body.plan.id} replaces it.\n${planTable([body.plan])}`
          : `Changed plan ${body.plan.id}.\n${planTable([body.plan])}`,
      );
    },
  );

  withDryRun(
    plans
      .command('archive')
      .description('take a plan off sale at once; members on it keep it')
      .argument('<trainer>', 'the trainer’s id')
      .argument('<plan>', 'the plan’s id'),
  ).action(async (trainerID: string, planID: string, options: DryRunOption, command: Command) => {
    const { api, json } = await connect(command);
    if (options.dryRun) {
      const plan = await planOf(api, trainerID, planID);
      const request = {
        method: 'POST',
        path: `/api/admin/trainers/${trainerID}/plans/${planID}/archive`,
      } as const;
      stoppedForDryRun(
        options,
        json,
        `take plan ${planID} (${planWords(plan)}) off sale; members on it keep it`,
        request,
      );
      return;
    }
    const body = await api.answer(
      api.client.POST('/api/admin/trainers/{trainerID}/plans/{planID}/archive', {
        params: { path: { trainerID, planID }, header: api.header },
      }),
    );
    print(json, body, () => `Archived plan ${body.plan.id}.`);
  });
}
