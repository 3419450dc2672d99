// npm run docs:screens: takes the statechart storyboards' screenshots with the browser UI paths (a
// desktop screen in English, 375 px in Spanish) into docs/statecharts/screens, with the paths that
// show the storyboard's moments (tests/paths/storyboard.ts) and the browser journeys of the charts
// Chromium replays no path of (tests/paths/storyboard-journeys.ts), then regenerates the docs. The
// first path to show a state gives its screenshot. It records what the screenshots were taken for
// (screens/storyboard.json): the storyboard's rows, how each state of each chart is pictured, and a
// digest of the screens' sources, which tests/unit/scripts/docs.test.ts compares with the current ones.
// `-- --missing` keeps the pictures already taken and takes only those the storyboard lacks, so a
// new state or moment adds its own pictures without every other one taken anew; `-- --retake <chart>`
// takes one chart's pictures anew (its screen changed) and keeps every other one.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { momentPaths, screenshotFile, storyboard, variantsOf } from '../tests/paths/storyboard.ts';
import { JOURNEY_PICTURES } from '../tests/paths/storyboard-journeys.ts';
import { SCREENS_RECORD, screensRecord } from './screens-record.ts';

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const DIR = 'docs/statecharts';
const USAGE = 'npm run docs:screens [-- --missing | --retake <chart>]';
// Strict, so a mistyped or unknown flag stops here rather than deleting every picture.
const { values } = (() => {
  try {
    return parseArgs({
      options: { missing: { type: 'boolean' }, retake: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: ${USAGE}`);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(`Usage: ${USAGE}`);
  process.exit(0);
}
if (values.retake !== undefined && !(values.retake in storyboard())) {
  console.error(`No chart '${values.retake}' in the storyboard: ${Object.keys(storyboard()).join(', ')}`);
  process.exit(2);
}
const missingOnly = values.missing === true || values.retake !== undefined;
const taken = (slug: string, state: string, moment?: string) =>
  (storyboard()[slug] ?? [])
    .filter((row) => row.state === state && row.moment === moment)
    .every((row) =>
      variantsOf(row).every((variant) =>
        existsSync(path.join(DIR, screenshotFile(slug, state, variant, moment))),
      ),
    );
const JOURNEY_SPECS: Record<string, string[]> = {
  'library-journey.ts': ['tests/e2e/library.spec.ts', 'tests/e2e/library.mobile.spec.ts'],
  'studio.spec.ts': ['tests/e2e/studio.spec.ts'],
  // The invite's picture is taken in the steps the studio's journeys share; they run in studio.spec.ts.
  'studio-steps.ts': ['tests/e2e/studio.spec.ts'],
};

run('npm', ['run', 'build']);
if (values.retake !== undefined) rmSync(`${DIR}/screens/${values.retake}`, { recursive: true, force: true });
else if (!missingOnly) rmSync(`${DIR}/screens`, { recursive: true, force: true });
const env = { SCREENS_DIR: path.resolve(DIR) };
const pathSpecs = ['tests/e2e/ui-paths.spec.ts', 'tests/e2e/ui-paths.mobile.spec.ts'];
if (!missingOnly) run('node', ['scripts/e2e.ts', ...pathSpecs], env);
else {
  // The paths of the moments not yet pictured; a state of a path's own is pictured by the full run.
  const ids = momentPaths()
    .filter(({ moment }) => !taken(moment.chart, moment.state, moment.moment))
    .map(({ path: uiPath }) => uiPath.id);
  if (ids.length > 0)
    run('node', ['scripts/e2e.ts', ...pathSpecs], { ...env, QA_PATH: [...new Set(ids)].join(',') });
}
const journeys = new Set(
  JOURNEY_PICTURES.filter((entry) => !missingOnly || !taken(entry.chart, entry.state)).map(
    (entry) => entry.journey,
  ),
);
// Two journeys' files can run in the same specs (the studio's steps and its journeys): those run once.
const runs = new Map(
  [...journeys].map((journey) => [String(JOURNEY_SPECS[journey]), JOURNEY_SPECS[journey] ?? []]),
);
for (const specs of runs.values()) run('node', ['scripts/e2e.ts', ...specs], env);
writeFileSync(SCREENS_RECORD, `${JSON.stringify(screensRecord(), null, 2)}\n`);
run('node', ['scripts/docs.ts']);
