// The layers import one way: src → machines → domain, server → domain/openapi; inside src, app →
// features → the shared folders. A lower layer that reaches up, two folders that import each other,
// or a cycle of imports (type imports too: a reader follows them the same way) makes the code harder
// to read, test and split, so each fails here rather than in review. The linter finds cycles of
// `import` statements; this test also follows `typeof import('…')`, which the linter does not.
import { describe, expect, it } from 'vitest';
import { cycles, type Edge, folderOf, importsOf, readGraph } from '../../../scripts/import-graph.ts';

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

const layerOf = (file: string): Layer | undefined => LAYERS.find((layer) => file.startsWith(`${layer}/`));

/** What any part of src may use: they import no other folder of src. */
const SHARED = ['src/api', 'src/lib', 'src/integrations', 'src/assets'];

/**
 * The folders of src from the top down (decision 103): the shell (src/app) draws the screens and the
 * components and starts the flows; those use the features; the features read the session seam
 * (src/session), which the shell provides; and any of them may use the shared folders. A folder
 * imports only folders ranked below it, so none imports back into the shell; a new folder fails
 * here until it is given its place.
 */
const FOLDER_RANKS: Record<string, number> = {
  'src/app': 4,
  // The studio's entry (decision 147): an app of its own, which reuses the public site's parts.
  'src/studio': 5,
  // What hydrates a page the server rendered (decision 118): the shell loads it, it preloads a screen.
  'src/hydration': 3.5,
  // A page that puts a screen together with flows of its own, loaded on demand (decision 140: the
  // members' area and its library player), so the shell names one small file for it.
  'src/pages': 3.5,
  'src/screens': 3,
  'src/components': 3,
  'src/flows': 3,
  'src/features': 2,
  'src/session': 1,
  'src/text': 1,
  ...Object.fromEntries(SHARED.map((folder) => [folder, 0])),
};

/**
 * Pairs of folders that still import each other. The list may only shrink: a pair that no longer
 * imports both ways fails here until it is removed.
 */
const TWO_WAY_PENDING: string[] = [];

/**
 * The sandbox (a Stripe emulator and its hosted pages, decision 101) is a dev-only plugin: the gateway
 * selection loads it with `import()` when Stripe is not configured, and nothing else outside
 * server/sandbox imports it. That one lazy import loads code on demand, so the folder pair it closes
 * (the sandbox imports the processor and quotes of server/payments) is not a two-way tangle.
 */
const SANDBOX = 'server/sandbox/';
const SANDBOX_LOAD: Edge = { from: 'server/payments/index.ts', to: 'server/sandbox/index.ts', kind: 'lazy' };
const isPluginLoad = (edge: Edge) =>
  edge.kind === SANDBOX_LOAD.kind && edge.from === SANDBOX_LOAD.from && edge.to === SANDBOX_LOAD.to;

const { files, edges } = readGraph(LAYERS);

describe('the import graph', () => {
  it('reads the imports it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(
      importsOf(
        'machines/a/b.ts',
        "import type { X } from '../../domain/x.ts';\nimport('../c.ts');\nimport './d.css';\nimport {\n  y,\n} from '../../src/y.ts';",
      ),
    ).toEqual([
      { from: 'machines/a/b.ts', to: 'domain/x.ts', kind: 'type' },
      { from: 'machines/a/b.ts', to: 'machines/c.ts', kind: 'lazy' },
      { from: 'machines/a/b.ts', to: 'machines/a/d.css', kind: 'value' },
      { from: 'machines/a/b.ts', to: 'src/y.ts', kind: 'value' },
    ]);
    expect(importsOf('src/a/b.ts', "type M = typeof import('../c/d.tsx');")).toEqual([
      { from: 'src/a/b.ts', to: 'src/c/d.tsx', kind: 'type' },
    ]);
    expect(
      cycles([
        { from: 'a', to: 'b', kind: 'value' },
        { from: 'b', to: 'a', kind: 'type' },
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
      .filter((edge) => edge.to === 'src/api/session-client.ts' && edge.from.endsWith('.tsx'))
      .map((edge) => edge.from)
      // The flows' wiring hands the client to the machines.
      .filter((file) => file !== 'src/flows/app-session.tsx');
    expect(direct).toEqual([]);
  });

  it('has no import cycle, type imports included', () => {
    const found = cycles(edges.filter((edge) => edge.kind !== 'lazy')).map((cycle) => cycle.join(' → '));
    expect(found).toEqual([]);
  });

  it('has the shared folders of src import no other folder of src', () => {
    const upward = edges
      .filter((edge) => {
        const from = folderOf(edge.from);
        const to = folderOf(edge.to);
        return from && SHARED.includes(from) && to?.startsWith('src/') && to !== from && !SHARED.includes(to);
      })
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('has features import no screen, component or flow: those are above them', () => {
    const upward = edges
      .filter(
        (edge) =>
          folderOf(edge.from) === 'src/features' &&
          ['src/screens', 'src/components', 'src/flows'].includes(folderOf(edge.to) ?? ''),
      )
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('keeps the sandbox apart: only the gateway selection loads it, on demand', () => {
    const into = edges.filter((edge) => edge.to.startsWith(SANDBOX) && !edge.from.startsWith(SANDBOX));
    expect(into).toEqual([SANDBOX_LOAD]);
  });

  it('has each folder of src import only the folders ranked below it', () => {
    const folders = new Set(
      files.filter((file) => file.startsWith('src/')).flatMap((file) => folderOf(file) ?? []),
    );
    expect([...folders].filter((folder) => !(folder in FOLDER_RANKS))).toEqual([]);
    const upward = edges
      .filter((edge) => {
        const from = folderOf(edge.from);
        const to = folderOf(edge.to);
        if (!from?.startsWith('src/') || !to?.startsWith('src/') || from === to) return false;
        // The shared folders may use one another (the rule above keeps them among themselves).
        if (SHARED.includes(from) && SHARED.includes(to)) return false;
        return (FOLDER_RANKS[to] ?? Number.POSITIVE_INFINITY) >= (FOLDER_RANKS[from] ?? 0);
      })
      .map((edge) => `${edge.from} → ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('has no two folders import each other, beyond the pairs still to untangle', () => {
    const folderEdges = new Set(
      edges.flatMap((edge) => {
        if (isPluginLoad(edge)) return [];
        const from = folderOf(edge.from);
        const to = folderOf(edge.to);
        return from && to && from !== to ? [`${from} → ${to}`] : [];
      }),
    );
    const twoWay = [...folderEdges]
      .map((edge) => edge.split(' → ') as [string, string])
      .filter(([from, to]) => from < to && folderEdges.has(`${to} → ${from}`))
      .map(([from, to]) => `${from} ↔ ${to}`)
      .sort();
    expect(twoWay).toEqual(TWO_WAY_PENDING);
  });
});
