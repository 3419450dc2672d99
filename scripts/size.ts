// The size budget of the home route's first load: the gzip size of the JS and CSS the built
// index.html loads before any lazy chunk, found by walking the Vite manifest from the files the HTML
// names. Lazy chunks are listed with what each adds. Exits non-zero above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { collect, type Manifest } from '../server/vite-manifest.ts';

// The first load reached 167.0 kB, with a little room for a build's variance: the public pages'
// loading and error states (Mantine's Alert and Loader, with their styles) travel with the shell,
// which costs every page about 2 kB and saves a content page several requests before its largest
// paint (decision 084).
export const BUDGET_BYTES = 169 * 1000;

export interface SizeReport {
  firstLoad: { files: string[]; gzip: number };
  lazy: { name: string; files: string[]; gzip: number }[];
  /** The embedded services' SDKs: the built files holding their code, found by the source maps. */
  sdks: { name: string; files: string[]; gzip: number; inFirstLoad: string[] }[];
}

/** The vendors' SDKs the SPA imports (decision 070); none may be in the first load. */
export const SERVICE_SDKS = ['@bugsnag/js', '@braze/web-sdk'] as const;
const SDK_SOURCES: Record<(typeof SERVICE_SDKS)[number], RegExp> = {
  '@bugsnag/js': /node_modules\/@bugsnag\//,
  '@braze/web-sdk': /node_modules\/@braze\/web-sdk\//,
};

/** The packages whose code a built JS file holds, from its source map. */
function sourcesOf(distDir: string, file: string): string[] {
  try {
    const map = JSON.parse(readFileSync(path.join(distDir, `${file}.map`), 'utf8')) as { sources?: string[] };
    return map.sources ?? [];
  } catch {
    return [];
  }
}

/** The studio's page (decision 147), its own build's: its first load is measured apart, never the visitors'. */
export const STUDIO_HTML = 'studio.html';
const STUDIO_MANIFEST = '.vite/studio-manifest.json';

export function measure(
  distDir: string,
  htmlFile = 'index.html',
  manifestFile = '.vite/manifest.json',
): SizeReport {
  const manifest: Manifest = JSON.parse(readFileSync(path.join(distDir, manifestFile), 'utf8'));
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  // The files the shell's script and link elements name, each element read to its end.
  const named = [
    ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.(?:js|css))"[^>]*>/g),
  ].map((m) => m[1] as string);

  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gz.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
      gz.set(file, size);
    }
    return size;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + sizeOf(f), 0);

  const initialKeys = new Set<string>();
  const initialFiles = new Set<string>(named);
  collect(
    manifest,
    named.map((f) => byFile.get(f)).filter((k): k is string => k !== undefined),
    initialKeys,
    initialFiles,
  );

  const lazyKeys = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && !initialKeys.has(key))
    .map(([key]) => key);
  const lazy = lazyKeys.map((key) => {
    const files = new Set<string>();
    collect(manifest, [key], new Set(initialKeys), files);
    const extra = [...files].filter((f) => !initialFiles.has(f));
    return { name: manifest[key]?.src ?? key, files: extra, gzip: sum(extra) };
  });
  const jsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((f) =>
    f.endsWith('.js'),
  );
  const sdks = SERVICE_SDKS.map((name) => {
    const files = jsFiles.filter((file) =>
      sourcesOf(distDir, file).some((source) => SDK_SOURCES[name].test(source)),
    );
    return { name, files, gzip: sum(files), inFirstLoad: files.filter((file) => initialFiles.has(file)) };
  });
  const isSdk = (name: string) => Object.values(SDK_SOURCES).some((pattern) => pattern.test(name));
  return {
    firstLoad: { files: [...initialFiles], gzip: sum(initialFiles) },
    lazy: lazy.filter((chunk) => !isSdk(chunk.name)),
    sdks,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

if (import.meta.main) {
  const report = measure(path.resolve(process.argv[2] ?? 'dist'));
  console.log('Home route, first load (gzip, JS + CSS):');
  for (const file of report.firstLoad.files.sort()) console.log(`  ${file}`);
  console.log(`  total ${kB(report.firstLoad.gzip)} of ${kB(BUDGET_BYTES)}`);
  console.log('Lazy chunks (gzip, what each adds):');
  for (const chunk of report.lazy.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kB(chunk.gzip).padStart(9)}  ${chunk.name}`);
  }
  console.log("Embedded services' SDKs (gzip, loaded only when a service needs them):");
  for (const sdk of report.sdks) {
    const where = sdk.inFirstLoad.length
      ? `IN THE FIRST LOAD: ${sdk.inFirstLoad.join(', ')}`
      : 'not in the first load';
    console.log(`  ${kB(sdk.gzip).padStart(9)}  ${sdk.name} (${sdk.files.length} chunks), ${where}`);
  }
  console.log('  Google Analytics 4: gtag.js from Google, loaded on the first event when configured');
  // The studio is staff's, on their own devices: its figure is reported, with no budget; what matters
  // is that none of its code is in the visitors' first load.
  const studio = measure(path.resolve(process.argv[2] ?? 'dist'), STUDIO_HTML, STUDIO_MANIFEST);
  console.log(`The studio's first load (gzip, JS + CSS, ${STUDIO_HTML}): ${kB(studio.firstLoad.gzip)}`);
  const studioInPublic = report.firstLoad.files.filter((file) =>
    sourcesOf(path.resolve(process.argv[2] ?? 'dist'), file).some((source) =>
      /(^|\/)src\/studio\//.test(source),
    ),
  );
  if (studioInPublic.length > 0) {
    console.error(`The studio's code is in the home route's first load: ${studioInPublic.join(', ')}`);
    process.exit(1);
  }
  const early = report.sdks.filter((sdk) => sdk.inFirstLoad.length > 0);
  if (early.length > 0) {
    console.error(`An SDK is in the home route's first load: ${early.map((sdk) => sdk.name).join(', ')}`);
    process.exit(1);
  }
  if (report.firstLoad.gzip > BUDGET_BYTES) {
    console.error(`Over budget by ${kB(report.firstLoad.gzip - BUDGET_BYTES)}`);
    process.exit(1);
  }
}
