// npm run docs:screens: takes the statechart storyboards' screenshots with the browser UI paths (a
// desktop screen in English, 375 px in Spanish) into docs/statecharts/screens, then regenerates the
// docs. The first path to show a state gives its screenshot.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['vite', 'build']);
rmSync('docs/statecharts/screens', { recursive: true, force: true });
run('node', ['scripts/e2e.ts', 'tests/e2e/ui-paths.spec.ts', 'tests/e2e/ui-paths.mobile.spec.ts'], {
  SCREENS_DIR: path.resolve('docs/statecharts'),
});
run('node', ['scripts/docs.ts']);
