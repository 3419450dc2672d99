// Whether dist/ must be rebuilt: a part of it is missing, or a file it is built from changed after
// it. `npm start`, `npm run qa:path` and `npm run test:ui-paths` rebuild only then, so a start is quick and a browser run never
// replays an older app than the code under review.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the three builds (the SPA, the studio, the server's render of the pages) are made from: the
 * server runs from its sources and needs no build. The lockfile stands for the libraries bundled in.
 */
export const BUILD_SOURCES = [
  'src',
  'machines',
  'locales',
  'domain',
  'openapi',
  'index.html',
  'studio.html',
  'vite.config.ts',
  'vite.studio.config.ts',
  'vite.ssr.config.ts',
  'scripts/light-only-css.ts',
  'scripts/precompress.ts',
  'package-lock.json',
];
/** One file each build writes; the oldest of them is when the whole build was made. */
export const BUILD_MARKS = ['dist/index.html', 'dist/studio.html', 'dist/.ssr/server-render.js'];

function newest(root: string, entry: string): { file: string; mtime: number } | null {
  const full = path.join(root, entry);
  if (!existsSync(full)) return null;
  const stat = statSync(full);
  if (!stat.isDirectory()) return { file: entry, mtime: stat.mtimeMs };
  let best: { file: string; mtime: number } | null = null;
  for (const child of readdirSync(full)) {
    const found = newest(root, path.join(entry, child));
    if (found && (!best || found.mtime > best.mtime)) best = found;
  }
  return best;
}

/** Why the build is stale, in words, or null when it is current. */
export function staleBuild(root = process.cwd()): string | null {
  const missing = BUILD_MARKS.find((mark) => !existsSync(path.join(root, mark)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...BUILD_MARKS.map((mark) => statSync(path.join(root, mark)).mtimeMs));
  const changed = BUILD_SOURCES.map((entry) => newest(root, entry))
    .filter((found) => found !== null)
    .sort((a, b) => b.mtime - a.mtime)[0];
  if (!changed || changed.mtime <= built) return null;
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 19);
  return `${changed.file} changed at ${at(changed.mtime)}, after the build of ${at(built)} UTC`;
}

/** Why `npm start` builds first, or null to start at once: the build is stale, or --rebuild asks. */
export function startBuildReason(stale: string | null, rebuild: boolean): string | null {
  if (rebuild) return 'asked with --rebuild';
  return stale;
}

/** Rebuilds dist/ before a browser run when it is stale, saying why; a failed build ends the run. */
export function rebuildIfStale(): void {
  const stale = staleBuild();
  if (!stale) return;
  console.log(`\nRebuilding the site first (${stale}).`);
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
