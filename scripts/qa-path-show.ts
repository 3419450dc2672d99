// `npm run qa:path -- <id> --show`: the path on its chart's page of docs/site, stepped through screen by
// screen (`<chart>.html#path=<id>`), rather than replayed. It prints the page's address from the files
// and under `npm start` (served at /docs outside production), and opens the first in the browser that
// $BROWSER names or, failing that, xdg-open, when there is one.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { UiPath } from '../tests/paths/catalog.ts';
import { pathPage, SITE_DIR } from './docs-site.ts';

export function pathAddresses(path: Pick<UiPath, 'id' | 'chart'>, port = process.env.PORT || '3000') {
  const page = pathPage(path);
  const [file = '', hash = ''] = page.split('#');
  return {
    file: `${pathToFileURL(join(SITE_DIR, file)).href}#${hash}`,
    served: `http://localhost:${port}/docs/${page}`,
  };
}

/** The command that opens an address in a browser here: $BROWSER's first, or xdg-open; null if neither. */
export function browserCommand(env: NodeJS.ProcessEnv = process.env): string | null {
  // $BROWSER may list several, separated by colons (the convention xdg-open and Python follow).
  const named = env.BROWSER?.split(':').find(Boolean);
  if (named) return named;
  const found = spawnSync('/bin/sh', ['-c', 'command -v xdg-open'], { encoding: 'utf8', env });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** Prints where the path's page is and opens it, without waiting for the browser to close. */
export function showPath(path: Pick<UiPath, 'id' | 'chart'>, env: NodeJS.ProcessEnv = process.env): void {
  const { file, served } = pathAddresses(path, env.PORT);
  console.log(`\n${path.id} on its chart's page, step by step (Previous, Next):`);
  console.log(`  ${file}`);
  console.log(`  ${served}  (with npm start running, outside production)`);
  const command = browserCommand(env);
  if (!command) {
    console.log('\nNo browser to open it with (set $BROWSER, or install xdg-open): open the address above.');
    return;
  }
  const child = spawn(command, [file], { detached: true, stdio: 'ignore', env });
  child.on('error', (error) => console.error(`Could not open it with ${command}: ${error.message}`));
  child.unref();
  console.log(`\nOpened with ${command}.`);
}
