// The layers import one way: src → machines → domain, server → domain/openapi. A lower layer that
// reaches up, or a cycle of value imports, makes the code harder to read, test and split, so both
// fail here rather than in review.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LAYERS = ['src', 'machines', 'domain', 'server', 'openapi', 'locales'] as const;
type Layer = (typeof LAYERS)[number];

/** What each layer may import from the repository, besides itself. */
const ALLOWED: Record<Layer, readonly Layer[]> = {
  src: ['machines', 'domain', 'openapi', 'locales'],
  machines: ['domain', 'openapi'],
  domain: ['openapi'],
  server: ['domain', 'openapi', 'locales'],
  openapi: [],
  locales: [],
};

interface Edge {
  from: string;
  to: string;
  /** A type-only or lazy (`import()`) import: allowed in a cycle, since neither runs at load. */
  lazyOrType: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?from\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function importsOf(file: string, text: string): Edge[] {
  const edges: Edge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const to = path.normalize(path.join(path.dirname(file), specifier));
    edges.push({ from: file, to, lazyOrType: Boolean(match[1]) || match[3] !== undefined });
  }
  return edges;
}

const layerOf = (file: string): Layer | undefined => LAYERS.find((layer) => file.startsWith(`${layer}/`));

const files = LAYERS.flatMap(sourceFiles);
const edges = files.flatMap((file) => importsOf(file, readFileSync(path.join(ROOT, file), 'utf8')));

function cycles(valueEdges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of valueEdges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === 'open') found.push([...stack.slice(stack.indexOf(to)), to]);
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of next.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('reads the imports it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(
      importsOf(
        'machines/a/b.ts',
        "import type { X } from '../../domain/x.ts';\nimport('../c.ts');\nimport './d.css';\nimport {\n  y,\n} from '../../src/y.ts';",
      ),
    ).toEqual([
      { from: 'machines/a/b.ts', to: 'domain/x.ts', lazyOrType: true },
      { from: 'machines/a/b.ts', to: 'machines/c.ts', lazyOrType: true },
      { from: 'machines/a/b.ts', to: 'machines/a/d.css', lazyOrType: false },
      { from: 'machines/a/b.ts', to: 'src/y.ts', lazyOrType: false },
    ]);
    expect(
      cycles([
        { from: 'a', to: 'b', lazyOrType: false },
        { from: 'b', to: 'a', lazyOrType: false },
      ]),
    ).toEqual([['a', 'b', 'a']]);
  });

  it('has each layer import only the layers beneath it', () => {
    const upward = edges
      .filter((edge) => {
        const from = layerOf(edge.from);
        const to = layerOf(edge.to);
        return from && from !== to && !(to && ALLOWED[from].includes(to));
      })
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('keeps the API client out of components: they use the query, mutation and session hooks', () => {
    const direct = edges
      .filter((edge) => edge.to === 'src/app/api.ts' && edge.from.endsWith('.tsx'))
      .map((edge) => edge.from)
      // The flows' wiring hands the client to the machines.
      .filter((file) => file !== 'src/flows/app-session.tsx');
    expect(direct).toEqual([]);
  });

  it('has no cycle of value imports', () => {
    const found = cycles(edges.filter((edge) => !edge.lazyOrType)).map((cycle) => cycle.join(' → '));
    expect(found).toEqual([]);
  });
});
