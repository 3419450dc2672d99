// `npx trainer <command>` (bin/trainer), or `npm run trainer -- <command>`: the operator's commands over the admin API (docs/admin.md,
// decision 117). Exit codes: 0 done, 1 refused by the server, 2 a usage mistake, 3 no server, 4 a
// check (doctor, stripe check) found something wrong.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { BILLING_INTERVALS, type BillingInterval } from '../openapi/contract-values.ts';
import type { components } from '../openapi/schema.d.ts';
import { defaultActor, Refused, Unreachable } from './admin-client.ts';
import { TOKEN_FLAG_REFUSED } from './admin-token.ts';
import { catalogueCommands } from './catalogue.ts';
import { amountIn, CheckFailed, connect, currency, integer, print, trainerOf, Usage } from './common.ts';
import { couponCommands } from './coupons.ts';
import { doctorCommand } from './doctor.ts';
import { memberCommands } from './members.ts';
import { metricsCommand } from './metrics.ts';
import { money, table } from './output.ts';
import { productCommands } from './products.ts';
import { inFlags } from './refusals.ts';
import { settingsCommands } from './settings.ts';
import { staffCommands } from './staff.ts';
import { stripeCommands } from './stripe.ts';

type Plan = components['schemas']['AdminPlan'];
type Trainer = components['schemas']['AdminTrainer'];

export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3, checkFailed: 4 } as const;

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

const trainerText = (t: Trainer) =>
  [
    table(
      ['ID', 'NAME', 'CURRENCY', 'DEFAULT TRIAL'],
      [[t.id, t.name, t.currency.toUpperCase(), `${t.defaultTrialDays} days`]],
    ),
    // What the invoices say of the trainer (decision 154), once any of it is set.
    ...(t.legalName || t.address || t.taxId
      ? [
          `Invoices issued by: ${t.legalName ?? '(no legal name)'}`,
          ...(t.address ? t.address.split('\n').map((line) => `  ${line}`) : []),
          ...(t.taxId ? [`Tax ID: ${t.taxId}`] : []),
          '',
        ]
      : []),
  ].join('\n');

const collect = (value: string, previous: string[]) => [...previous, value];

export function program(): Command {
  const root = new Command('trainer')
    .description(
      "The operator's commands: trainers, their plans, products, coupons and members, and Stripe's setup, over the admin API (docs/admin.md); a configuration's checklist (doctor, docs/deploy.md).",
    )
    .option('--url <url>', 'the server, such as https://coach.example (default: $TRAINER_API_URL)')
    .option('--as <name>', 'who the audit names as making the change', defaultActor())
    .option('--json', 'print the server’s answer as JSON, for scripts')
    // Known only to be refused with the way instead: a token there is readable by every user.
    .addOption(new Option('--token <token>').hideHelp())
    .addHelpText(
      'after',
      '\nThe admin token comes from ADMIN_TOKEN; when it is unset, a command that needs it asks for it\nin the terminal, showing nothing as it is typed.',
    )
    .hook('preAction', () => {
      if (root.opts().token !== undefined) throw new Usage(TOKEN_FLAG_REFUSED);
    })
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');

  const trainers = root.command('trainers').description('create, show and update trainers');
  trainers
    .command('create')
    .description('create a trainer, with no plans yet')
    .argument('<id>', 'the trainer’s id in every URL: lower-case letters, digits and dashes')
    .requiredOption('--name <name>', 'the trainer’s name')
    .option('--currency <code>', 'the currency of new plans (ISO 4217)', currency)
    .option('--trial-days <days>', 'the trial a new plan gets', integer(0))
    .action(
      async (
        id: string,
        options: { name: string; currency?: string; trialDays?: number },
        command: Command,
      ) => {
        const { api, json } = await connect(command);
        const body = await api.answer(
          api.client.POST('/api/admin/trainers', {
            params: { header: api.header },
            body: {
              id,
              name: options.name,
              ...(options.currency && { currency: options.currency }),
              ...(options.trialDays !== undefined && { defaultTrialDays: options.trialDays }),
            },
          }),
        );
        print(json, body, () => `Created trainer ${body.trainer.id}.\n${trainerText(body.trainer)}`);
      },
    );
  trainers
    .command('update')
    .description('change what the trainer’s invoices say of the trainer; an empty value clears it')
    .argument('<id>', 'the trainer’s id')
    .option('--legal-name <name>', 'the name invoices are issued under')
    .option('--address-line <line>', 'a line of the postal address (repeat for each line)', collect, [])
    .option('--tax-id <id>', 'the tax id, such as a VAT number')
    .action(
      async (
        id: string,
        options: { legalName?: string; addressLine: string[]; taxId?: string },
        command: Command,
      ) => {
        const body = {
          ...(options.legalName !== undefined && { legalName: options.legalName }),
          ...(options.addressLine.length > 0 && { address: options.addressLine.join('\n') }),
          ...(options.taxId !== undefined && { taxId: options.taxId }),
        };
        if (Object.keys(body).length === 0) {
          throw new Usage('Give at least one of --legal-name, --address-line and --tax-id.');
        }
        const { api, json } = await connect(command);
        const answer = await api.answer(
          api.client.PATCH('/api/admin/trainers/{trainerID}', {
            params: { path: { trainerID: id }, header: api.header },
            body,
          }),
        );
        print(json, answer, () => `Updated trainer ${answer.trainer.id}.\n${trainerText(answer.trainer)}`);
      },
    );
  trainers
    .command('show')
    .description('show a trainer’s settings')
    .argument('<id>', 'the trainer’s id')
    .action(async (id: string, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await trainerOf(api, id);
      print(json, body, () => trainerText(body.trainer));
    });

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
    ...(options.amount !== undefined && { amount: amountIn(options.amount, amountCurrency) }),
    ...(options.currency !== undefined && { currency: options.currency }),
    ...(options.trialDays !== undefined && {
      trialDays: options.trialDays === 'none' ? null : options.trialDays,
    }),
  });

  planOptions(
    plans
      .command('add')
      .description('add a recurring plan to the trainer’s membership; it is on sale at once')
      .argument('<trainer>', 'the trainer’s id'),
    true,
  ).action(
    async (
      trainerID: string,
      options: PlanOptions & Required<Pick<PlanOptions, 'interval' | 'amount' | 'name'>>,
      command: Command,
    ) => {
      const { api, json } = await connect(command);
      const code = options.currency ?? (await trainerOf(api, trainerID)).trainer.currency;
      const body = await api.answer(
        api.client.POST('/api/admin/trainers/{trainerID}/plans', {
          params: { path: { trainerID }, header: api.header },
          body: {
            ...planBody(options, code),
            interval: options.interval,
            amount: amountIn(options.amount, code),
            nicknames: { en: options.name, ...(options.nameEs && { es: options.nameEs }) },
          },
        }),
      );
      print(json, body, () => `Added plan ${body.plan.id}.\n${planTable([body.plan])}`);
    },
  );

  planOptions(
    plans
      .command('update')
      .description(
        'change a plan; a sold plan’s amount or period changes by archiving it and adding a new one',
      )
      .argument('<trainer>', 'the trainer’s id')
      .argument('<plan>', 'the plan’s id'),
    false,
  ).action(async (trainerID: string, planID: string, options: PlanOptions, command: Command) => {
    const { api, json } = await connect(command);
    let code = options.currency;
    if (options.amount !== undefined && !code) {
      const { plans: all } = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/plans', {
          params: { path: { trainerID }, header: api.header },
        }),
      );
      code = all.find((p) => p.id === planID)?.currency ?? (await trainerOf(api, trainerID)).trainer.currency;
    }
    const names =
      options.name !== undefined || options.nameEs !== undefined
        ? { nicknames: { en: options.name ?? '', ...(options.nameEs && { es: options.nameEs }) } }
        : {};
    if (names.nicknames && options.name === undefined) throw new Usage('--name-es needs --name too');
    const change = { ...planBody(options, code ?? 'usd'), ...names };
    if (Object.keys(change).length === 0) throw new Usage('nothing to change: give at least one option');
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
  });

  plans
    .command('archive')
    .description('take a plan off sale at once; members on it keep it')
    .argument('<trainer>', 'the trainer’s id')
    .argument('<plan>', 'the plan’s id')
    .action(async (trainerID: string, planID: string, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.POST('/api/admin/trainers/{trainerID}/plans/{planID}/archive', {
          params: { path: { trainerID, planID }, header: api.header },
        }),
      );
      print(json, body, () => `Archived plan ${body.plan.id}.`);
    });
  couponCommands(root);
  productCommands(root);
  memberCommands(root);
  staffCommands(root);
  settingsCommands(root);
  catalogueCommands(root);
  stripeCommands(root);
  doctorCommand(root);
  metricsCommand(root);
  return root;
}

/** Runs the command line and says which exit code it ends with. */
export async function run(argv: readonly string[]): Promise<number> {
  try {
    await program().parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof CheckFailed) return EXIT.checkFailed;
    if (error instanceof Usage) {
      process.stderr.write(`error: ${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof Refused) {
      process.stderr.write(`refused (${error.status}): ${inFlags(error)}\n`);
      return EXIT.refused;
    }
    if (error instanceof Unreachable) {
      process.stderr.write(`error: ${error.message}\n`);
      return EXIT.unreachable;
    }
    throw error;
  }
}

if (import.meta.main) {
  // A reader that stops early (`| head`) closes the pipe: that ends the output, not in a crash.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = await run(process.argv.slice(2));
}
