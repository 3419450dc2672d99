// `trainer catalogue export|import`: the whole catalogue of a trainer as one YAML or JSON file to
// keep in git (decision 121). The server checks the file and works out the changes; this only reads
// and writes files and prints what the server said.
import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { parse, stringify } from 'yaml';
import { callerPath, connect, print, Usage } from './common.ts';
import { type AskOptions, confirmed, mayAsk } from './confirm.ts';

const isJson = (file: string) => file.toLowerCase().endsWith('.json');

async function readDocument(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(callerPath(file), 'utf8');
  } catch (error) {
    throw new Usage(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    // JSON is YAML too; a .json file is read strictly, so a YAML-only form in it is caught.
    return isJson(file) ? JSON.parse(text) : parse(text);
  } catch (error) {
    throw new Usage(
      `${file} is not ${isJson(file) ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`,
    );
  }
}

function fileText(catalogue: unknown, trainerID: string, json: boolean): string {
  if (json) return `${JSON.stringify(catalogue, null, 2)}\n`;
  return `# The catalogue of ${trainerID}: npx trainer catalogue import ${trainerID} <this file>.
# Amounts are written as prices are (29.99 USD, 1000 JPY); items are named by key (docs/admin.md).
${stringify(catalogue, { lineWidth: 0 })}`;
}

export function catalogueCommands(root: Command): void {
  const catalogue = root
    .command('catalogue')
    .description('export a trainer’s whole catalogue to a file, and import it back');
  catalogue
    .command('export')
    .description(
      'write the products, prices, page texts and coupons on sale as YAML (or JSON for a .json file)',
    )
    .argument('<trainer>', 'the trainer’s id')
    .argument('[file]', 'where to write it (default: standard output)')
    .action(async (trainerID: string, file: string | undefined, _options: object, command: Command) => {
      const { api, json } = await connect(command);
      const body = await api.answer(
        api.client.GET('/api/admin/trainers/{trainerID}/catalogue', {
          params: { path: { trainerID }, header: api.header },
        }),
      );
      const text = fileText(body.catalogue, trainerID, json || (file !== undefined && isJson(file)));
      if (file === undefined) {
        process.stdout.write(text);
        return;
      }
      await writeFile(callerPath(file), text);
      print(json, { success: true, file }, () => `Wrote the catalogue of ${trainerID} to ${file}.`);
    });
  catalogue
    .command('import')
    .description(
      'make the catalogue what the file says, in one go: items by key, what the file leaves out archived',
    )
    .argument('<trainer>', 'the trainer’s id')
    .argument('<file>', 'a file written by export, YAML or JSON')
    .option('--dry-run', 'say what would change, and change nothing')
    .option('--yes', 'apply without asking (for scripts)')
    .action(async (trainerID: string, file: string, options: AskOptions, command: Command) => {
      mayAsk('catalogue import', options);
      const { api, json } = await connect(command);
      const document = await readDocument(file);
      if (document === null || typeof document !== 'object' || Array.isArray(document)) {
        throw new Usage(`${file} does not hold a catalogue (a mapping with version, products and coupons)`);
      }
      const send = (dryRun: boolean) =>
        api.answer(
          api.client.POST('/api/admin/trainers/{trainerID}/catalogue', {
            params: { path: { trainerID }, header: api.header },
            body: { catalogue: document as Record<string, never>, dryRun },
          }),
        );
      const lines = (changes: readonly { summary: string }[]) => changes.map((c) => `  - ${c.summary}`);
      // What the import would change is shown and asked about first, unless --yes says go ahead.
      if (!options.dryRun && !options.yes) {
        const planned = await send(true);
        if (planned.changes.length > 0) {
          const question = [
            `Importing ${file} will make ${planned.changes.length} change(s):`,
            ...lines(planned.changes),
          ];
          if (!(await confirmed(question.join('\n'), options))) {
            process.stderr.write('Nothing imported.\n');
            return;
          }
        }
      }
      const body = await send(Boolean(options.dryRun));
      print(json, body, () => {
        if (body.changes.length === 0)
          return `No change: the catalogue of ${trainerID} is already as ${file} says.`;
        const head = body.dryRun
          ? `Importing ${file} would make ${body.changes.length} change(s) (dry run, nothing changed):`
          : `Imported ${file}: ${body.changes.length} change(s).`;
        return [head, ...lines(body.changes)].join('\n');
      });
    });
}
