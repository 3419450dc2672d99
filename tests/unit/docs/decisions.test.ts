// The decision records stay current: every file or folder an ADR names in backticks exists, each ADR
// says when it was written and whether it still holds, the index lists every one of them, and the
// links between the docs resolve.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DECISIONS = path.join(ROOT, 'docs/decisions');
const ADR_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

/** Top-level folders of the repository: a token starting with one of them is a path. */
const TOP_LEVEL = [
  'src',
  'server',
  'machines',
  'domain',
  'tests',
  'docs',
  'scripts',
  'bench',
  'locales',
  'openapi',
  'content',
  '.ci',
];
/** Build and test output, absent from a fresh clone: named in the docs, never checked. */
const GENERATED = ['dist/', 'reports/', 'test-results/', 'playwright-report/', 'node_modules/', '.data/'];
/** Extensions of a file named bare (no folder): it must be somewhere in the repository. */
const BARE_FILE = /^[\w.-]+\.(ts|tsx|mts|mjs|js|json|yaml|yml|md|ndjson|html|css)$/;
const EXTENSION = /\.[a-z][a-z0-9]*$/i;

const adrs = readdirSync(DECISIONS)
  .filter((name) => ADR_FILE.test(name))
  .sort()
  .map((name) => ({
    name,
    number: name.slice(0, 3),
    text: readFileSync(path.join(DECISIONS, name), 'utf8'),
  }));

function repositoryFiles(dir = ''): string[] {
  const skip = new Set(['.git', ...GENERATED.map((folder) => folder.slice(0, -1)), '.stryker-tmp']);
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? repositoryFiles(relative) : [relative];
  });
}

const basenames = new Set(repositoryFiles().map((file) => path.basename(file)));

/** `locales/signup-modal/{en,es}.json` names two files; other braces are placeholders. */
function expandBraces(token: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(token);
  if (!match) return [token];
  return (match[1] ?? '')
    .split(',')
    .flatMap((choice) =>
      expandBraces(token.slice(0, match.index) + choice + token.slice(match.index + match[0].length)),
    );
}

/** The repository paths a backticked token names, or none when it is not a path. */
function pathsIn(token: string): string[] {
  const text = token.trim();
  if (text === '' || /\s/.test(text)) return [];
  // URL paths (/api/…, /sandbox/…, /dev/…), URLs, packages (@scope/name), globs and placeholders.
  if (text.startsWith('/') || text.startsWith('@') || text.includes('://')) return [];
  if (/[*<>$…?#()]/.test(text)) return [];
  if (GENERATED.some((folder) => text.startsWith(folder))) return [];
  const expanded = expandBraces(text);
  if (expanded.some((candidate) => /[{}]/.test(candidate))) return [];
  const topLevel = TOP_LEVEL.some((folder) => text === folder || text.startsWith(`${folder}/`));
  if (topLevel || (text.includes('/') && EXTENSION.test(text))) return expanded;
  if (BARE_FILE.test(text)) return expanded;
  return [];
}

function exists(file: string): boolean {
  return existsSync(path.join(ROOT, file)) || (!file.includes('/') && basenames.has(file));
}

function backticked(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

describe('pathsIn', () => {
  it('takes repository paths, folders and bare file names', () => {
    expect(pathsIn('server/payments/processor.ts')).toEqual(['server/payments/processor.ts']);
    expect(pathsIn('domain/billing/')).toEqual(['domain/billing/']);
    expect(pathsIn('machines/address')).toEqual(['machines/address']);
    expect(pathsIn('signup-modal.texts.ts')).toEqual(['signup-modal.texts.ts']);
    expect(pathsIn('locales/signup-modal/{en,es}.json')).toEqual([
      'locales/signup-modal/en.json',
      'locales/signup-modal/es.json',
    ]);
  });

  it('skips URL paths, packages, globs and placeholders', () => {
    for (const token of [
      '/api/trainer/{id}/products',
      '/sandbox/portal/{id}/change',
      '/dev/mailbox.json',
      '@fastify/static',
      'zod/mini',
      '*.types.ts',
      'machines/<flow>/<flow>.machine.ts',
      'https://cdn.sanity.io',
      'dist/index.html',
      'POST /dev/clock {email, trainerId, days}',
      'useSession()',
    ]) {
      expect(pathsIn(token), token).toEqual([]);
    }
  });
});

describe('the guides that point into the code', () => {
  it.each(['server.md', 'sandbox.md', 'security.md'])('docs/%s names only paths that exist', (name) => {
    const text = readFileSync(path.join(ROOT, 'docs', name), 'utf8');
    const missing = backticked(text)
      .flatMap(pathsIn)
      .filter((file) => !exists(file));
    expect(missing).toEqual([]);
  });
});

describe('decision records', () => {
  const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
  const numbers = new Set(adrs.map((adr) => adr.number));

  it('are found', () => {
    expect(adrs.length).toBeGreaterThan(40);
  });

  it.each(adrs)('$name names only paths that exist', ({ text }) => {
    const missing = backticked(text)
      .flatMap(pathsIn)
      .filter((file) => !exists(file));
    expect(missing).toEqual([]);
  });

  // One current record per topic: a later decision rewrites the part of an earlier one it changes, so
  // no record is 'partly superseded' (a reader would have to combine two to know what holds).
  it.each(adrs)('$name has a date and a status under its title', ({ name, number, text }) => {
    const lines = text.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${number}: `));
    const status = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded by (\d{3}(?:, \d{3})*))$/.exec(
      lines[2] ?? '',
    );
    expect(status, `${name}: line 3 is "Date: YYYY-MM-DD · Status: …"`).not.toBeNull();
    for (const other of status?.[3]?.split(', ') ?? []) {
      expect(numbers.has(other), `${name} names decision ${other}`).toBe(true);
      expect(Number(other)).not.toBe(Number(number));
    }
  });

  it.each(adrs)('$name is listed in the index with its date and status', ({ name, text }) => {
    const [, date, status] = /^Date: (\S+) · Status: (.+)$/m.exec(text) ?? [];
    const line = index.split('\n').find((row) => row.includes(`(${name})`));
    expect(line, `docs/decisions/README.md links ${name}`).toBeDefined();
    expect(line).toContain(date);
    expect(line).toContain(status);
  });
});

describe('links between the docs', () => {
  const docs = [
    'README.md',
    ...repositoryFiles('docs')
      .filter((file) => file.endsWith('.md'))
      .sort(),
  ];

  it.each(docs)('%s links only to files that exist', (doc) => {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    const missing = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => (match[1] ?? '').split('#')[0] ?? '')
      .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
      .filter((target) => !existsSync(path.resolve(ROOT, path.dirname(doc), target)));
    expect(missing).toEqual([]);
  });
});

describe('the layout', () => {
  // The README lists the repository's folders; docs/layout.md lists them again with those of src/
  // and server/, each with what it holds.
  const blockOf = (file: string, heading: string) =>
    new RegExp(`${heading}\\n\\n(?:[^\\n]*\\n\\n)?\`\`\`\\n([\\s\\S]*?)\`\`\``).exec(
      readFileSync(path.join(ROOT, file), 'utf8'),
    )?.[1] ?? '';
  const readme = blockOf('README.md', '## Layout');
  const layout = blockOf('docs/layout.md', '# Layout');
  const folders = (dir: string) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['.git', '.stryker-tmp'].includes(entry.name))
      .filter((entry) => !GENERATED.includes(`${entry.name}/`))
      .map((entry) => entry.name);
  const lists = (block: string, line: string) => block.split('\n').some((row) => row.startsWith(line));

  it.each(folders('.'))('lists %s/ in the README and in docs/layout.md', (name) => {
    expect(lists(readme, `${name}/`)).toBe(true);
    expect(lists(layout, `${name}/`)).toBe(true);
  });

  it.each(['src', 'server'].flatMap((parent) => folders(parent).map((name) => `${parent}/${name}`)))(
    'lists %s in docs/layout.md',
    (folder) => {
      expect(lists(layout, `  ${folder.split('/')[1]}/`)).toBe(true);
    },
  );

  it('keeps the README short enough to read first', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(120);
  });
});
