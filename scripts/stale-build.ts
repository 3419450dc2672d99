// Whether dist/ must be rebuilt before a browser run: it is missing, or a file the SPA is built from
// changed after it. `npm run qa:path` rebuilds only then, so a run is quick and never replays an
// older app than the code under review.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the SPA is built from (the server runs from its sources and needs no build). */
export const BUILD_SOURCES = ['src', 'machines', 'locales', 'domain', 'index.html', 'vite.config.ts'];
/** Written by every build. */
export const BUILD_MARK = 'dist/index.html';

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
  const mark = path.join(root, BUILD_MARK);
  if (!existsSync(mark)) return `${BUILD_MARK} is missing`;
  const built = statSync(mark).mtimeMs;
  const changed = BUILD_SOURCES.map((entry) => newest(root, entry))
    .filter((found) => found !== null)
    .sort((a, b) => b.mtime - a.mtime)[0];
  if (!changed || changed.mtime <= built) return null;
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 19);
  return `${changed.file} changed at ${at(changed.mtime)}, after the build of ${at(built)} UTC`;
}
