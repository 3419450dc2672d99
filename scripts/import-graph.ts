// The repository's import graph, read from the source: every relative import between the layers
// (src, machines, domain, server, openapi, locales), type imports and lazy ones included. The
// architecture test checks it; run alone, this prints the arrows between folders, so a reviewer sees
// that they all point one way, and any cycle of imports.
//   node scripts/import-graph.ts
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const LAYERS = ['src', 'machines', 'domain', 'server', 'openapi', 'locales'] as const;

export interface Edge {
  from: string;
  to: string;
  /**
   * `lazy` is a runtime `import()`: it loads a chunk on demand (a route, the modal), which is how a
   * higher module hands code down, so it may close a loop. `type` covers `import type` and
   * `typeof import()`.
   */
  kind: 'value' | 'type' | 'lazy';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?from\s+)?'([^']+)'|(typeof\s+)?import\(\s*'([^']+)'\s*\)/g;

export function importsOf(file: string, text: string): Edge[] {
  const edges: Edge[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[2] ?? match[4];
    if (!specifier?.startsWith('.')) continue;
    const to = path.normalize(path.join(path.dirname(file), specifier));
    const kind = match[1] || match[3] ? 'type' : match[4] !== undefined ? 'lazy' : 'value';
    edges.push({ from: file, to, kind });
  }
  return edges;
}

/** A file's folder one level into its layer (`src/app`), or none for a file at the layer's top. */
export function folderOf(file: string): string | undefined {
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : undefined;
}

/** Every source file of the given layers and every relative import between them. */
export function readGraph(layers: readonly string[] = LAYERS): { files: string[]; edges: Edge[] } {
  const files = layers.flatMap(sourceFiles);
  const edges = files.flatMap((file) => importsOf(file, readFileSync(path.join(ROOT, file), 'utf8')));
  return { files, edges };
}

/** The cycles among the given edges, each as the files it passes through, back to the first. */
export function cycles(valueEdges: Edge[]): string[][] {
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

/**
 * The arrows between folders (`src/app → src/screens`), with how many imports each carries; a file
 * at a layer's top (`server/app.ts`) is its own node. Imports that load code on demand are counted
 * apart: they are how a higher module hands code down.
 */
export function folderArrows(
  edges: Edge[],
): { arrow: string; from: string; to: string; imports: number; lazy: boolean }[] {
  const arrows = new Map<
    string,
    { arrow: string; from: string; to: string; imports: number; lazy: boolean }
  >();
  for (const edge of edges) {
    const from = folderOf(edge.from) ?? edge.from;
    const to = folderOf(edge.to) ?? edge.to;
    if (from === to) continue;
    const lazy = edge.kind === 'lazy';
    const arrow = `${from} → ${to}${lazy ? ' (on demand)' : ''}`;
    const entry = arrows.get(arrow) ?? { arrow, from, to, imports: 0, lazy };
    entry.imports += 1;
    arrows.set(arrow, entry);
  }
  return [...arrows.values()].sort((a, b) => a.arrow.localeCompare(b.arrow));
}

if (import.meta.main) {
  const { files, edges } = readGraph();
  const arrows = folderArrows(edges);
  console.log(`${files.length} files, ${edges.length} imports, ${arrows.length} arrows between folders:`);
  for (const { arrow, imports } of arrows) console.log(`  ${arrow} (${imports})`);
  const loaded = new Set(arrows.filter((a) => !a.lazy).map((a) => `${a.from} → ${a.to}`));
  // As the architecture test: the files at a layer's top (the app's composition, its context) are
  // where the folders meet, so only folders are held to one way.
  const isFolder = (node: string) => !/\.tsx?$/.test(node);
  const twoWay = arrows.filter(
    (a) =>
      !a.lazy && isFolder(a.from) && isFolder(a.to) && a.from < a.to && loaded.has(`${a.to} → ${a.from}`),
  );
  const found = cycles(edges.filter((edge) => edge.kind !== 'lazy'));
  console.log(
    twoWay.length === 0
      ? 'No two folders import each other.'
      : `Two-way: ${twoWay.map((a) => `${a.from} ↔ ${a.to}`).join(', ')}`,
  );
  console.log(
    found.length === 0 ? 'No import cycle.' : `Cycles:\n${found.map((c) => `  ${c.join(' → ')}`).join('\n')}`,
  );
}
