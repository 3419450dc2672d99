// `npm run trainer -- catalogue …` and `products …`: the real CLI run as a child process against a
// real server process (`node server/main.ts` on the demo seed), read through its output, its exit
// code and the files it writes.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runCli } from './cli-process.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const TOKEN = 'cli-catalogue-token-long-enough-012345';
const TRAINER = 'demo-trainer';

let server: ServerProcess;
let dir: string;
beforeAll(async () => {
  server = await startServerProcess({ ADMIN_TOKEN: TOKEN, DATA_DIR: 'memory://' });
  dir = await mkdtemp(path.join(tmpdir(), 'catalogue-cli-'));
}, 60_000);
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(dir, { recursive: true, force: true });
});

const trainer = (...args: string[]) => trainerIn({}, ...args);

/** The CLI with more environment, such as the INIT_CWD `npm run` sets to the folder it was typed in. */
const trainerIn = (env: Record<string, string>, ...args: string[]) =>
  runCli(['--url', server.url, '--as', 'Marta', ...args], { ADMIN_TOKEN: TOKEN, ...env });

const at = (name: string) => path.join(dir, name);

describe('trainer catalogue', () => {
  it('exports YAML to a file, which imported back changes nothing', async () => {
    const exported = await trainer('catalogue', 'export', TRAINER, at('catalogue.yaml'));
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(`Wrote the catalogue of ${TRAINER} to ${at('catalogue.yaml')}.\n`);
    const text = await readFile(at('catalogue.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe(
      `# The catalogue of ${TRAINER}: npx trainer catalogue import ${TRAINER} <this file>.`,
    );
    expect(parse(text).products[0].prices.map((p: { key: string }) => p.key)).toEqual([
      'daily',
      'weekly',
      'monthly',
      'quarterly',
      'biannual',
      'annual',
    ]);
    for (const extra of [['--dry-run'], []]) {
      const again = await trainer('catalogue', 'import', '--yes', TRAINER, at('catalogue.yaml'), ...extra);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe(
        `No change: the catalogue of ${TRAINER} is already as ${at('catalogue.yaml')} says.\n`,
      );
    }
    const json = await trainer('catalogue', 'export', TRAINER);
    expect(json.stdout.startsWith('# The catalogue')).toBe(true);
    await writeFile(at('catalogue.json'), JSON.stringify(parse(json.stdout)));
    expect((await trainer('catalogue', 'import', '--yes', TRAINER, at('catalogue.json'))).stdout).toMatch(
      /^No change/,
    );
  });

  it('reads and writes a relative file where npm run was typed, not in the package folder', async () => {
    // npm run starts the CLI in the package folder whatever the folder it was typed in (INIT_CWD).
    const exported = await trainerIn({ INIT_CWD: dir }, 'catalogue', 'export', TRAINER, 'relative.yaml');
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toBe(`Wrote the catalogue of ${TRAINER} to relative.yaml.\n`);
    expect(parse(await readFile(at('relative.yaml'), 'utf8')).trainer).toBe(TRAINER);
    await expect(readFile(path.resolve('relative.yaml'), 'utf8')).rejects.toThrow(/ENOENT/);
    const imported = await trainerIn(
      { INIT_CWD: dir },
      'catalogue',
      'import',
      TRAINER,
      'relative.yaml',
      '--dry-run',
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^No change: /);
  });

  it('says in a dry run what an edited file would change, then changes it, and a second import nothing', async () => {
    const file = parse(await readFile(at('catalogue.yaml'), 'utf8'));
    file.products[0].prices.find((p: { key: string }) => p.key === 'weekly').amount = 15.99;
    file.products[1].page.challengeButtonText = { en: 'Start the challenge', es: 'Empieza el reto' };
    file.coupons = [];
    await writeFile(at('edited.yaml'), stringify(file));
    const lines = [
      '  - Changed challenge 30-day-shred: page texts challengeButtonText',
      '  - Changed price weekly: 14.99 USD → 15.99 USD',
      '  - Archived coupon WELCOME10',
      '',
    ];
    const dry = await trainer('catalogue', 'import', TRAINER, at('edited.yaml'), '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.split('\n')).toEqual([
      `Importing ${at('edited.yaml')} would make 3 change(s) (dry run, nothing changed):`,
      ...lines,
    ]);
    const unchanged = await trainer('catalogue', 'import', TRAINER, at('catalogue.yaml'), '--dry-run');
    expect(unchanged.stdout).toMatch(/^No change/);

    const done = await trainer('catalogue', 'import', '--yes', TRAINER, at('edited.yaml'));
    expect(done.code).toBe(0);
    expect(done.stdout.split('\n')).toEqual([`Imported ${at('edited.yaml')}: 3 change(s).`, ...lines]);
    const products = await fetch(`${server.url}/api/trainer/${TRAINER}/products?lang=es`).then((r) =>
      r.json(),
    );
    expect(products.challenges[0].challengeButtonText).toBe('Empieza el reto');
    expect((await trainer('catalogue', 'import', '--yes', TRAINER, at('edited.yaml'))).stdout).toMatch(
      /^No change/,
    );
  });

  it('reads an edited `amount: 30` as 30.00 USD, and an old version 1 file to the same prices', async () => {
    const exported = await trainer('catalogue', 'export', TRAINER, at('units.yaml'));
    expect(exported.code, exported.stderr).toBe(0);
    const text = await readFile(at('units.yaml'), 'utf8');
    expect(text).toContain('\n# Amounts are written as prices are (29.99 USD, 1000 JPY);');
    expect(text).toContain('\nversion: 2\n');
    // The operator's edit, in the text: the monthly price becomes thirty dollars.
    expect(text.match(/ amount: 29\.99\n/g)).toHaveLength(1);
    await writeFile(at('thirty.yaml'), text.replace(/ amount: 29\.99\n/, ' amount: 30\n'));
    const thirty = await trainer('catalogue', 'import', '--yes', TRAINER, at('thirty.yaml'));
    expect(thirty.code, thirty.stderr).toBe(0);
    expect(thirty.stdout.split('\n')).toEqual([
      `Imported ${at('thirty.yaml')}: 1 change(s).`,
      '  - Changed price monthly: 29.99 USD → 30.00 USD',
      '',
    ]);
    const monthly = async () => {
      const body = await fetch(`${server.url}/api/trainer/${TRAINER}/products`).then((r) => r.json());
      return body.subscriptions[0].plans.find((p: { id: string }) => p.id === `${TRAINER}-price-monthly`);
    };
    expect(await monthly()).toMatchObject({ amount: 3000, currency: 'usd' });

    // The same catalogue as an export wrote it before version 2: minor units, every price in USD.
    const old = parse(await readFile(at('thirty.yaml'), 'utf8'));
    old.version = 1;
    for (const product of old.products)
      for (const price of product.prices) price.amount = Math.round(price.amount * 100);
    for (const coupon of old.coupons) if (coupon.amountOff !== undefined) coupon.amountOff *= 100;
    expect(old.products[0].prices.map((p: { amount: number }) => p.amount)).toContain(3000);
    await writeFile(at('old.yaml'), stringify(old));
    const same = await trainer('catalogue', 'import', '--yes', TRAINER, at('old.yaml'));
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toBe(
      `No change: the catalogue of ${TRAINER} is already as ${at('old.yaml')} says.\n`,
    );
    expect(await monthly()).toMatchObject({ amount: 3000 });
  });

  it('exits 1 with every problem of a bad file, and 2 for a file that is not YAML or not there', async () => {
    await writeFile(at('bad.yaml'), 'version: 2\ncoupons: []\nproducts:\n  - key: x\n    kind: bundle\n');
    const bad = await trainer('catalogue', 'import', '--yes', TRAINER, at('bad.yaml'));
    expect(bad.code).toBe(1);
    expect(bad.stderr.split('\n')).toEqual([
      'refused (400): The catalogue file has 3 problem(s), nothing was changed:',
      expect.stringMatching(/^- products\[0\]\.kind: /),
      expect.stringMatching(/^- products\[0\]\.name: /),
      expect.stringMatching(/^- products\[0\]\.prices: /),
      '',
    ]);
    await writeFile(at('broken.yaml'), 'version: [1\n');
    const broken = await trainer('catalogue', 'import', '--yes', TRAINER, at('broken.yaml'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(new RegExp(`^error: ${at('broken.yaml')} is not YAML: `));
    const missing = await trainer('catalogue', 'import', '--yes', TRAINER, at('missing.yaml'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: cannot read ${at('missing.yaml')}: ENOENT\n`);
  });
});

describe('trainer products', () => {
  it('adds a course with page texts per language, changes a text, adds a price, and archives it', async () => {
    const added = await trainer(
      '--json',
      'products',
      'add',
      TRAINER,
      'mobility-basics',
      '--kind',
      'course',
      '--name',
      'Mobility Basics',
      '--name-es',
      'Movilidad básica',
      '--amount',
      '19.90',
      '--challenge-header-text',
      'Move better',
      '--challenge-header-text-es',
      'Muévete mejor',
    );
    expect(added.code, added.stderr).toBe(0);
    const product = JSON.parse(added.stdout).product;
    expect(product).toMatchObject({
      kind: 'course',
      slug: 'mobility-basics',
      names: { es: 'Movilidad básica' },
    });
    expect(product.page.challengeHeaderText).toEqual({ en: 'Move better', es: 'Muévete mejor' });
    expect(product.prices[0]).toMatchObject({
      amount: 1990,
      currency: 'usd',
      nicknames: { en: 'Mobility Basics' },
    });

    const changed = await trainer(
      'products',
      'update',
      TRAINER,
      'mobility-basics',
      '--challenge-sub-text',
      'Ten minutes a day',
    );
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout.split('\n')[0]).toBe(`Changed course ${product.id}.`);
    expect(changed.stdout.split('\n')[2]).toMatch(
      new RegExp(
        `^${product.id}\\s+course\\s+mobility-basics\\s+Mobility Basics\\s+Movilidad básica\\s+19\\.90 USD\\s+active$`,
      ),
    );

    const price = await trainer(
      'products',
      'add-price',
      TRAINER,
      'mobility-basics',
      '--amount',
      '29',
      '--name',
      'With review',
    );
    expect(price.code, price.stderr).toBe(0);
    expect(price.stdout).toMatch(/^Added price price_\S+ \(29\.00 USD\)\.\n$/);

    // A product is named by its slug as well as its id.
    const archived = await trainer('products', 'archive', TRAINER, 'mobility-basics');
    expect(archived.stdout).toBe(`Archived course ${product.id} and its prices.\n`);
    const again = await trainer('products', 'archive', TRAINER, product.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `refused (409): Product ${product.id} is archived: add a new product instead\n`,
    );
    const usage = await trainer('products', 'update', TRAINER, product.id, '--challenge-sub-text-es', 'x');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('error: --challenge-sub-text-es needs --challenge-sub-text too\n');
  });
});
