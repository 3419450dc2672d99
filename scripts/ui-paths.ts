// npm run test:ui-paths: the desktop UI paths that together take every transition in Chromium
// (`browserPaths('transitions')`), where `npm test` replays those that show every state and screen
// (decision 180). CI's browser run replays them in the same place (.ci/run). Extra arguments go to
// Playwright. Like `npm run qa:path`, it rebuilds dist/ first only when the build is stale, and
// starts only the sites the UI paths run on.
import { spawnSync } from 'node:child_process';
import { rebuildIfStale } from './stale-build.ts';

rebuildIfStale();
const run = spawnSync(
  process.execPath,
  ['scripts/e2e.ts', 'tests/e2e/ui-paths.spec.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, E2E_UI_PATHS: 'transitions', E2E_SITES: 'site,open,no-annual' },
  },
);
process.exit(run.status ?? 1);
