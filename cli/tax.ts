// `trainer settings tax <trainer>`: whether the trainer's prices include tax and the rate in each
// country tax is collected in (decision 173). Without options it shows them; with them it says what
// changes and asks first, as every command that changes what members are charged does (--yes for
// scripts, --dry-run to see and change nothing). Over the admin API, audited there.
import { type Command, InvalidArgumentError } from 'commander';
import { checkTaxSettings, type TaxSettings } from '../domain/billing/tax.ts';
import { connect, print, trainerOf, Usage } from './common.ts';
import { confirmed, mayAsk } from './confirm.ts';
import { table } from './output.ts';

/** 'ES=21' or 'DE=19.5': a country and a percentage with at most two decimals, in basis points. */
function rate(text: string, previous: Record<string, number>): Record<string, number> {
  const match = /^([A-Za-z]{2})=(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new InvalidArgumentError('a country and a percentage, such as ES=21 or DE=19.5');
  // Whole basis points read from the digits: no float is multiplied.
  const basisPoints = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return { ...previous, [(match[1] ?? '').toUpperCase()]: basisPoints };
}

const percent = (basisPoints: number) => `${basisPoints / 100} %`;

/** The settings as the operator reads them. */
export function taxText(tax: TaxSettings | null | undefined): string {
  if (!tax) return 'No tax collected: members pay the prices as they are.';
  const how =
    tax.mode === 'inclusive'
      ? 'Prices include tax (the member pays the price; part of it is tax).'
      : 'Tax is added to the prices (the member pays the price plus tax).';
  const rows = Object.entries(tax.rates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([country, bp]) => [country, percent(bp)]);
  return `${how}\n${table(['COUNTRY', 'RATE'], rows)}`;
}

interface TaxOptions {
  mode?: string;
  rate: Record<string, number>;
  off?: boolean;
  dryRun?: boolean;
  yes?: boolean;
}

export function taxCommand(settings: Command): void {
  settings
    .command('tax')
    .description(
      'show or set whether prices include tax and the rate in each country it is collected in; says what changes and asks first',
    )
    .argument('<trainer>', 'the trainer’s id')
    .option('--mode <mode>', 'inclusive (prices include tax) or exclusive (tax is added)')
    .option('--rate <country=percent>', 'a country and its rate, such as ES=21 (repeat for each)', rate, {})
    .option('--off', 'collect no tax any more')
    .option('--dry-run', 'say what would change, and change nothing')
    .option('--yes', 'change without asking (for scripts)')
    .action(async (trainerID: string, options: TaxOptions, command: Command) => {
      const setting = options.mode !== undefined || Object.keys(options.rate).length > 0;
      if (options.off && setting) throw new Usage('Give --off alone, or --mode with --rate.');
      let next: TaxSettings | null = null;
      if (setting) {
        if (options.mode === undefined || Object.keys(options.rate).length === 0)
          throw new Usage('Setting tax takes --mode and at least one --rate.');
        const checked = checkTaxSettings({ mode: options.mode, rates: options.rate });
        if (!checked.ok)
          throw new Usage(
            checked.refusal === 'taxMode'
              ? '--mode is inclusive or exclusive.'
              : 'A rate is a whole number of basis points from 0 to 50 %.',
          );
        next = checked.settings;
      }
      const changing = setting || options.off === true;
      if (changing) mayAsk('settings tax', options);
      const { api, json } = await connect(command);
      const { trainer } = await trainerOf(api, trainerID);
      if (!changing) {
        print(json, { success: true, tax: trainer.tax ?? null }, () => taxText(trainer.tax));
        return;
      }
      const what = `Now: ${taxText(trainer.tax)}\nAfter: ${taxText(next)}\nThe next page, charge and renewal of each member use the new settings.`;
      if (options.dryRun) {
        print(json, { success: true, dryRun: true, tax: next }, () => `${what}\n(dry run, nothing changed)`);
        return;
      }
      if (!(await confirmed(what, options))) {
        process.stderr.write('Nothing changed.\n');
        return;
      }
      const answer = await api.answer(
        api.client.PATCH('/api/admin/trainers/{trainerID}', {
          params: { path: { trainerID }, header: api.header },
          body: { tax: next },
        }),
      );
      print(
        json,
        { success: true, tax: answer.trainer.tax ?? null },
        () => `Updated.\n${taxText(answer.trainer.tax)}`,
      );
    });
}
