// npm run qa:path -- <id | tag... | words...> [--headed] [--mobile] [--show]: replays UI paths (ids and tags in
// docs/qa/paths.md) in Chromium against a real server, on a desktop screen in English or, with
// --mobile, at 375 px in Spanish. An id runs that path, tags the paths that carry all of them, words
// the paths whose description holds all of them. It rebuilds dist/ only when the SPA's sources are
// newer, and starts only the sites the paths need. It leaves each path's Playwright trace and a
// screenshot after each step in test-results/, and the HTML report in playwright-report/. The studio's
// paths replay in the real studio's components instead (decision 175). With --show it replays
// nothing: it opens the one path named on its chart's page of docs/site (qa-path-show.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describePath, inBrowser, inStudio, uiPaths } from '../tests/paths/catalog.ts';
import { selectPaths } from '../tests/paths/select.ts';
import { siteOf, taggedPaths } from '../tests/paths/tags.ts';
import { pressesPhoneOnly } from '../tests/paths/ui.ts';
import { showPath } from './qa-path-show.ts';
import { rebuildIfStale } from './stale-build.ts';

const args = process.argv.slice(2);
const query = args.filter((arg) => !arg.startsWith('--'));
const headed = args.includes('--headed');
let mobile = args.includes('--mobile');
const show = args.includes('--show');
const usage = 'Usage: npm run qa:path -- <id | tag... | words...> [--headed] [--mobile] [--show]';
if (query.length === 0) {
  console.error(`${usage}\nThe ids and tags are listed in docs/qa/paths.md.`);
  process.exit(2);
}
if (headed && !process.env.DISPLAY) {
  console.error('--headed needs a display: run it on a desktop, or under `xvfb-run npm run qa:path -- ...`.');
  process.exit(2);
}

// The paths the browser driver can carry out (`inBrowser`), and the studio's, which replay in the
// real studio's components (decision 175); any path can be shown on its page.
const catalogue = await taggedPaths(
  show ? uiPaths() : uiPaths().filter((entry) => inBrowser(entry) || inStudio(entry)),
);
const selection = selectPaths(query, catalogue);
const { by } = selection;
const studio = selection.paths.filter((entry) => inStudio(entry.path));
const paths = selection.paths.filter((entry) => !inStudio(entry.path));
if (paths.length === 0 && studio.length === 0) {
  const tags = [...new Set(catalogue.flatMap((entry) => entry.tags))].sort();
  console.error(
    `${usage}\nNothing matches "${query.join(' ')}": no path has that id, no path carries ` +
      `${query.length > 1 ? 'all those tags' : 'that tag'}, and no path's description holds ` +
      `${query.length > 1 ? 'all those words' : 'that word'}.\n` +
      `The ids are in docs/qa/paths.md; the tags are: ${tags.join(' ')}`,
  );
  process.exit(2);
}
const what = by === 'words' ? `the words "${query.join(' ')}"` : `${by} ${query.join(' ')}`;
const matched = [...paths, ...studio];
console.log(`${matched.length} path${matched.length === 1 ? '' : 's'} matched by ${what}:`);
for (const { path: match } of matched) console.log(`  ${match.id}  ${describePath(match)}`);

if (show) {
  const [one] = matched;
  if (matched.length !== 1 || !one) {
    console.error('\n--show opens one path on its page: name one id.');
    process.exit(2);
  }
  showPath(one.path);
  process.exit(0);
}

if (studio.length > 0) {
  // The studio's paths replay in its components: one test file per chart, each path by its id.
  const files = [
    ...new Set(studio.map((entry) => `tests/component/paths/${entry.path.chart}.paths.test.tsx`)),
  ];
  console.log(`\nReplaying ${studio.length} studio path(s) in the real studio's components.\n`);
  const run = spawnSync('node', ['scripts/vitest.ts', 'run', '--project', 'component', ...files], {
    stdio: 'inherit',
    env: { ...process.env, QA_PATH: studio.map((entry) => entry.path.id).join(',') },
  });
  if (paths.length === 0) process.exit(run.status ?? 1);
  if (run.status !== 0) process.exitCode = run.status ?? 1;
}

// The nav's menu (logout) shows on a phone alone: such paths run at 375 px.
if (!mobile && paths.some((entry) => pressesPhoneOnly(entry.path.steps))) {
  console.log(
    "\nSome of these press the nav's menu, which only a phone shows: replaying at 375 px (--mobile).",
  );
  mobile = true;
}

rebuildIfStale();

// Start only the sites the paths run on (tests/e2e/sites.ts).
const SITE_WORDS = {
  site: 'the demo site',
  open: 'its twin without email verification',
  'no-annual': 'its twin with no annual plan on sale',
};
const sites = [...new Set(paths.map((entry) => siteOf(entry.path)))];
console.log(`\nStarting ${sites.map((site) => SITE_WORDS[site]).join(' and ')}.\n`);

const spec = mobile ? 'tests/e2e/ui-paths.mobile.spec.ts' : 'tests/e2e/ui-paths.spec.ts';
const result = spawnSync(
  'node',
  ['scripts/e2e.ts', spec, '--trace', 'on', '--reporter', 'list,html', ...(headed ? ['--headed'] : [])],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      QA_PATH: paths.map((entry) => entry.path.id).join(','),
      E2E_SITES: sites.join(','),
      ...(headed ? { QA_HEADED: '1' } : {}),
    },
  },
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
process.exit(result.status || process.exitCode || 0);
