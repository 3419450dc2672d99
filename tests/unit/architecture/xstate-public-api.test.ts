// The test harness and the scripts use XState's public API only (decision 104): a private field
// (`snapshot._nodes`, `system._sendInspectionEvent`, an inspection event's `_transitions`) can
// change in any patch release, and a harness that breaks on an upgrade stops guarding anything.
// The private names are read from the installed XState itself, so a new one is caught too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const XSTATE = path.join(ROOT, 'node_modules/xstate/dist');
const SCANNED = ['tests', 'scripts'];

/**
 * Files that still read a private field, each with why. The browser recorder runs inside the page,
 * where it can import nothing, and gets the raw inspection events from the app's flows.
 */
const PENDING: Record<string, string[]> = {
  'tests/e2e/flow-recorder.ts': ['_transitions'],
};

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Underscored member names that XState's code and declarations use. */
function privateNames(): Set<string> {
  const names = new Set<string>();
  const sources = [
    ...filesUnder(XSTATE, (name) => name.endsWith('.esm.js') && !name.includes('development')),
    ...filesUnder(path.join(XSTATE, 'declarations'), (name) => name.endsWith('.d.ts')),
  ];
  for (const file of sources) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /(?:\.|\b)(_[a-z]\w*)\s*[:(=]|\.(_[a-z]\w*)\b/g,
    )) {
      names.add(match[1] ?? match[2] ?? '');
    }
  }
  // The contract's own fields (Sanity's `_id`, `_type`, `_key`) are data, not XState's.
  const contract = readFileSync(path.join(ROOT, 'openapi/schema.d.ts'), 'utf8');
  for (const [name] of contract.matchAll(/\b_[a-z]\w*/g)) names.delete(name);
  names.delete('');
  return names;
}

function privateUses(names: Set<string>): Record<string, string[]> {
  const uses: Record<string, string[]> = {};
  const self = path.relative(ROOT, import.meta.filename);
  for (const dir of SCANNED) {
    for (const file of filesUnder(path.join(ROOT, dir), (name) => /\.tsx?$/.test(name))) {
      const relative = path.relative(ROOT, file);
      if (relative === self) continue;
      const found = new Set<string>();
      for (const match of readFileSync(file, 'utf8').matchAll(/\.(_[a-z]\w*)\b|\[['"](_[a-z]\w*)['"]\]/g)) {
        const name = match[1] ?? match[2] ?? '';
        if (names.has(name)) found.add(name);
      }
      if (found.size > 0) uses[relative] = [...found].sort();
    }
  }
  return uses;
}

describe('XState, public API only', () => {
  const names = privateNames();

  it('knows the private fields the old harness read', () => {
    for (const name of ['_nodes', '_transitions', '_sendInspectionEvent']) expect(names).toContain(name);
  });

  it('tests/ and scripts/ read no private XState field', () => {
    expect(privateUses(names)).toEqual(PENDING);
  });
});
