// One source for each fact (decision 168): the billing intervals, the coupon durations and the page
// texts come from the contract (openapi/contract-values.ts, written from it), the reserved slugs from
// the content model. A list or a union of string literals holding exactly one of those sets, anywhere
// in the code, is a copy that the next change would miss: it fails here, naming file and line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_VALUES, valuesAt } from '../../../scripts/contract-values.ts';
import { RESERVED_SLUGS } from '../../../server/content/model.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['src', 'machines', 'domain', 'server', 'cli', 'scripts', 'bench', 'content/studio'];
/** Where a list is the source, or is written from it by a generator whose own test keeps it current. */
const SOURCES = [
  'openapi/contract-values.ts',
  'server/content/model.ts',
  'content/studio/schemaTypes/rules.ts',
];

const contract = parse(readFileSync(path.join(ROOT, 'openapi/trainer-api.yaml'), 'utf8'));
/** The facts, read from the contract itself, not from the module under test. */
const FACTS: [string, readonly string[]][] = [
  ...CONTRACT_VALUES.map(({ name, path: at }) => [name, valuesAt(contract, at)] as [string, string[]]),
  ['RESERVED_SLUGS', RESERVED_SLUGS],
];

const files = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules') && !SOURCES.includes(file)),
);

const LITERAL = `(?:'[^'\\n]*'|"[^"\\n]*")`;
/** `['a', 'b']` (over lines too) and `'a' | 'b'`: the two ways a list of words is written out. */
const LISTS = [
  new RegExp(`\\[\\s*${LITERAL}(?:\\s*,\\s*${LITERAL})+\\s*,?\\s*\\]`, 'g'),
  new RegExp(`${LITERAL}(?:\\s*\\|\\s*${LITERAL})+`, 'g'),
];

const wordsOf = (text: string) => [...text.matchAll(new RegExp(LITERAL, 'g'))].map((m) => m[0].slice(1, -1));
const sameSet = (a: readonly string[], b: readonly string[]) =>
  new Set(a).size === new Set(b).size && a.every((word) => b.includes(word));

/** Every written-out copy of a fact in a text: the fact's name and the line. */
function copiesIn(text: string): { fact: string; line: number }[] {
  return LISTS.flatMap((pattern) =>
    [...text.matchAll(pattern)].flatMap((match) => {
      const fact = FACTS.find(([, values]) => sameSet(wordsOf(match[0]), values));
      return fact ? [{ fact: fact[0], line: text.slice(0, match.index).split('\n').length }] : [];
    }),
  );
}

describe('one source for each fact', () => {
  it('reads the facts from the contract and the content model', () => {
    expect(Object.fromEntries(FACTS.map(([name, values]) => [name, values.length]))).toEqual({
      BILLING_INTERVALS: 4,
      COUPON_DURATIONS: 3,
      PAGE_FIELDS: 7,
      RESERVED_SLUGS: 14,
    });
    expect(files.length).toBeGreaterThan(300);
  });

  it('finds a copy written as a list or a union, in any order, but not a part of one', () => {
    expect(copiesIn("const d = ['forever', 'once',\n  'repeating'] as const;")).toEqual([
      { fact: 'COUPON_DURATIONS', line: 1 },
    ]);
    expect(copiesIn("\ntype I = 'day' | 'week' | 'month' | 'year' | null;")).toEqual([
      { fact: 'BILLING_INTERVALS', line: 2 },
    ]);
    expect(copiesIn("const recurring = ['month', 'year'];")).toEqual([]);
  });

  it('has no copy of one in the code', () => {
    const copies = files.flatMap((file) =>
      copiesIn(readFileSync(path.join(ROOT, file), 'utf8')).map(
        ({ fact, line }) => `${file}:${line} copies ${fact}`,
      ),
    );
    expect(copies, 'import the list (openapi/contract-values.ts, server/content/model.ts)').toEqual([]);
  });
});
