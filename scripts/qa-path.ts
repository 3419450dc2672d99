// npm run qa:path -- <id> [--headed] [--mobile]: replays one UI path (ids in docs/qa/paths.md) in
// Chromium against a real server, on a desktop screen in English or, with --mobile, at 375 px in
// Spanish. It leaves the path's Playwright trace and a screenshot after each step in test-results/,
// and the HTML report in playwright-report/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { uiPaths } from '../tests/paths/catalog.ts';

const args = process.argv.slice(2);
const id = args.find((arg) => !arg.startsWith('--'));
const headed = args.includes('--headed');
const mobile = args.includes('--mobile');
const known = uiPaths().map((candidate) => candidate.id);
if (!id || !known.includes(id)) {
  console.error(
    `Usage: npm run qa:path -- <id> [--headed] [--mobile]\n` +
      `${id ? `There is no path ${id}. ` : ''}The ids are listed in docs/qa/paths.md (M-001…, A-001…).`,
  );
  process.exit(2);
}
if (headed && !process.env.DISPLAY) {
  console.error('--headed needs a display: run it on a desktop, or under `xvfb-run npm run qa:path -- ...`.');
  process.exit(2);
}
if (!existsSync('dist/index.html')) {
  console.log('Building the site first (npm run build).');
  if (spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const spec = mobile ? 'tests/e2e/ui-paths.mobile.spec.ts' : 'tests/e2e/ui-paths.spec.ts';
const result = spawnSync(
  'node',
  ['scripts/e2e.ts', spec, '--trace', 'on', '--reporter', 'list,html', ...(headed ? ['--headed'] : [])],
  { stdio: 'inherit', env: { ...process.env, QA_PATH: id, ...(headed ? { QA_HEADED: '1' } : {}) } },
);

const results = existsSync('test-results')
  ? readdirSync('test-results', { withFileTypes: true }).filter((entry) => entry.isDirectory())
  : [];
for (const { name: dir } of results) {
  const files = readdirSync(path.join('test-results', dir));
  console.log(`\n${path.join('test-results', dir)}/`);
  for (const file of files.filter((name) => name.endsWith('.png') || name.endsWith('.zip')).sort())
    console.log(`  ${file}`);
}
console.log('\nTrace: npx playwright show-trace test-results/<folder>/trace.zip');
console.log('Report: npx playwright show-report');
process.exit(result.status ?? 1);
