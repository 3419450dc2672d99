// `npm run content -- <command>`: the embedded CMS dataset against the content model, and to and
// from Sanity (docs/content.md, decision 123). Exit codes: 0 done, 1 a dataset that does not fit the
// model (nothing written), 2 a usage mistake or a file that cannot be read.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { datasetProblems } from '../server/content/model-check.ts';
import {
  ASSETS_DIR,
  DATASET_FILE,
  exportDataset,
  InvalidDataset,
  importDataset,
  parseNdjson,
} from './content-transfer.ts';
import { STUDIO_SCHEMA_DIR, studioSchemaFiles } from './studio-schema.ts';

export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

class Stale extends Error {}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const contentDir = (command: Command) => command.optsWithGlobals<{ contentDir: string }>().contentDir;

export function program(): Command {
  const root = new Command('content')
    .description('The embedded CMS dataset: check it against the content model, move it to and from Sanity.')
    .option(
      '--content-dir <dir>',
      'where production.ndjson and assets/ are ($CONTENT_DIR when set)',
      process.env.CONTENT_DIR ?? 'content',
    )
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  root
    .command('check')
    .description('Check production.ndjson and its images and files against the content model')
    .action((_opts, command: Command) => {
      const dir = contentDir(command);
      const file = path.join(dir, DATASET_FILE);
      const items = parseNdjson(readFileSync(file, 'utf8'), file);
      const problems = datasetProblems(items, (name) => existsSync(path.join(dir, ASSETS_DIR, name)));
      if (problems.length > 0) throw new InvalidDataset(file, problems);
      console.log(`${file}: ${items.length} documents fit the content model`);
    });

  root
    .command('export')
    .description(
      'Write the dataset as a folder `sanity dataset import` reads: data.ndjson, images/ and files/',
    )
    .argument('[dir]', 'the folder to write', 'content-export')
    .action((dir: string, _opts, command: Command) => {
      const result = exportDataset(contentDir(command), dir);
      console.log(
        `${result.file}: ${count(result.documents, 'document')}, ${count(result.images, 'image')}, ${count(result.files, 'file')}`,
      );
      console.log(
        `Import it into Sanity with: npx sanity dataset import ${result.file} production --replace`,
      );
    });

  root
    .command('import')
    .description(
      'Replace the dataset with a `sanity dataset export` (.tar.gz, its folder or its data.ndjson)',
    )
    .argument('<source>', 'the export to read')
    .action((source: string, _opts, command: Command) => {
      const dir = contentDir(command);
      const result = importDataset(source, dir);
      console.log(
        `${path.join(dir, DATASET_FILE)}: ${count(result.documents, 'document')}, ${count(result.images, 'image')}, ${count(result.files, 'file')}` +
          (result.skipped > 0 ? ` (${result.skipped} drafts, asset and system documents left out)` : ''),
      );
    });

  root
    .command('schema')
    .description(`Write the Sanity studio schema types to ${STUDIO_SCHEMA_DIR} from the content model`)
    .option('--check', 'write nothing; fail when the files differ from the model')
    .action((opts: { check?: boolean }) => {
      const files = studioSchemaFiles();
      if (opts.check) {
        const present = existsSync(STUDIO_SCHEMA_DIR) ? readdirSync(STUDIO_SCHEMA_DIR) : [];
        const stale = [...files].filter(([name, text]) => {
          const file = path.join(STUDIO_SCHEMA_DIR, name);
          return !existsSync(file) || readFileSync(file, 'utf8') !== text;
        });
        const extra = present.filter((name) => !files.has(name));
        if (stale.length + extra.length > 0) {
          throw new Stale(
            `${STUDIO_SCHEMA_DIR} differs from the content model (${[...stale.map(([n]) => n), ...extra].join(', ')}): run npm run content -- schema`,
          );
        }
        console.log(`${STUDIO_SCHEMA_DIR}: ${files.size} files match the content model`);
        return;
      }
      rmSync(STUDIO_SCHEMA_DIR, { recursive: true, force: true });
      mkdirSync(STUDIO_SCHEMA_DIR, { recursive: true });
      for (const [name, text] of files) writeFileSync(path.join(STUDIO_SCHEMA_DIR, name), text);
      console.log(`${STUDIO_SCHEMA_DIR}: ${files.size} files written`);
    });

  return root;
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    await program().parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof InvalidDataset) {
      console.error(`${error.message}\nNothing was written.`);
      return EXIT.invalid;
    }
    if (error instanceof Stale) {
      console.error(error.message);
      return EXIT.invalid;
    }
    console.error(`content: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.usage;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
