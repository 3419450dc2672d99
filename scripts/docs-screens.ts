// npm run docs:screens: takes the statechart storyboards' screenshots with the browser UI paths (a
// desktop screen in English, 375 px in Spanish) into docs/statecharts/screens, with the paths that
// show the storyboard's moments (tests/paths/storyboard.ts), then regenerates the docs. The first
// path to show a state gives its screenshot. It records what the screenshots were taken for
// (screens/storyboard.json): the storyboard's rows and a digest of the screens' sources, which
// tests/unit/scripts/docs.test.ts compares with the current ones.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SCREENS_RECORD, screensRecord } from './screens-record.ts';

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'build']);
rmSync('docs/statecharts/screens', { recursive: true, force: true });
run('node', ['scripts/e2e.ts', 'tests/e2e/ui-paths.spec.ts', 'tests/e2e/ui-paths.mobile.spec.ts'], {
  SCREENS_DIR: path.resolve('docs/statecharts'),
});
writeFileSync(SCREENS_RECORD, `${JSON.stringify(screensRecord(), null, 2)}\n`);
run('node', ['scripts/docs.ts']);
