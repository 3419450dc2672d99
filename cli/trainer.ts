// `npx trainer <command>` (bin/trainer), or `npm run trainer -- <command>`: the operator's commands over the admin API (docs/admin.md,
// decision 117). Exit codes: 0 done, 1 refused by the server, 2 a usage mistake, 3 no server, 4 a
// check (doctor, stripe check) found something wrong.
import { Command, CommanderError, Option } from 'commander';
import type { components } from '../openapi/schema.d.ts';
import { defaultActor, Refused, Unreachable } from './admin-client.ts';
import { TOKEN_FLAG_REFUSED } from './admin-token.ts';
import { catalogueCommands } from './catalogue.ts';
import { CheckFailed, connect, currency, integer, print, trainerOf, Usage } from './common.ts';
import { couponCommands } from './coupons.ts';
import { doctorCommand } from './doctor.ts';
import { type DryRunOption, stoppedForDryRun, withDryRun } from './dry-run.ts';
import { memberCommands } from './members.ts';
import { metricsCommand } from './metrics.ts';
import { table } from './output.ts';
import { planCommands } from './plans.ts';
import { productCommands } from './products.ts';
import { inFlags } from './refusals.ts';
import { settingsCommands } from './settings.ts';
import { staffCommands } from './staff.ts';
import { stripeCommands } from './stripe.ts';

type Trainer = components['schemas']['AdminTrainer'];

export const EXIT = {
  ok: 0,
  refused: 1,
  usage: 2,
  unreachable: 3,
  checkFailed: 4,
} as const;

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
  withDryRun(
    trainers
      .command('create')
      .description('create a trainer, with no plans yet')
      .argument('<id>', 'the trainer’s id in every URL: lower-case letters, digits and dashes')
      .requiredOption('--name <name>', 'the trainer’s name')
      .option('--currency <code>', 'the currency of new plans (ISO 4217)', currency)
      .option('--trial-days <days>', 'the trial a new plan gets', integer(0)),
  ).action(
    async (
      id: string,
      options: {
        name: string;
        currency?: string;
        trialDays?: number;
      } & DryRunOption,
      command: Command,
    ) => {
      const { api, json } = await connect(command);
      const trainer = {
        id,
        name: options.name,
        ...(options.currency && { currency: options.currency }),
        ...(options.trialDays !== undefined && {
          defaultTrialDays: options.trialDays,
        }),
      };
      const settings = [
        options.currency && `plans in ${options.currency.toUpperCase()}`,
        options.trialDays !== undefined && `a ${options.trialDays}-day trial`,
      ].filter(Boolean);
      const what = `create trainer ${id} named ${options.name}${settings.length ? `, with ${settings.join(' and ')}` : ''}`;
      const request = {
        method: 'POST',
        path: '/api/admin/trainers',
        body: trainer,
      } as const;
      if (stoppedForDryRun(options, json, what, request)) return;
      const body = await api.answer(
        api.client.POST('/api/admin/trainers', {
          params: { header: api.header },
          body: trainer,
        }),
      );
      print(json, body, () => `Created trainer ${body.trainer.id}.\n${trainerText(body.trainer)}`);
    },
  );
  withDryRun(
    trainers
      .command('update')
      .description('change what the trainer’s invoices say of the trainer; an empty value clears it')
      .argument('<id>', 'the trainer’s id')
      .option('--legal-name <name>', 'the name invoices are issued under')
      .option('--address-line <line>', 'a line of the postal address (repeat for each line)', collect, [])
      .option('--tax-id <id>', 'the tax id, such as a VAT number'),
  ).action(
    async (
      id: string,
      options: {
        legalName?: string;
        addressLine: string[];
        taxId?: string;
      } & DryRunOption,
      command: Command,
    ) => {
      const body = {
        ...(options.legalName !== undefined && {
          legalName: options.legalName,
        }),
        ...(options.addressLine.length > 0 && {
          address: options.addressLine.join('\n'),
        }),
        ...(options.taxId !== undefined && { taxId: options.taxId }),
      };
      if (Object.keys(body).length === 0) {
        throw new Usage('Give at least one of --legal-name, --address-line and --tax-id.');
      }
      const { api, json } = await connect(command);
      if (options.dryRun) {
        const { trainer } = await trainerOf(api, id);
        const said = (value: string | undefined) => (value ? `"${value}"` : 'nothing');
        const changes = [
          body.legalName !== undefined &&
            `legal name ${said(trainer.legalName ?? undefined)} to ${said(body.legalName)}`,
          body.address !== undefined &&
            `address ${said(trainer.address?.replace(/\n/g, ', '))} to ${said(body.address.replace(/\n/g, ', '))}`,
          body.taxId !== undefined && `tax ID ${said(trainer.taxId ?? undefined)} to ${said(body.taxId)}`,
        ].filter(Boolean);
        const request = {
          method: 'PATCH',
          path: `/api/admin/trainers/${id}`,
          body,
        } as const;
        stoppedForDryRun(options, json, `change trainer ${id}'s ${changes.join(', ')}`, request);
        return;
      }
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

  planCommands(root);
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
