// Runs one file of random member histories (tests/api/*-histories.test.ts) with a larger budget than
// `npm test` gives it, on PGlite or on the PostgreSQL at --database-url: its runs, steps and seed go
// to the file through `<PREFIX>_RUNS`, `_STEPS` and `_SEED`. A failure prints fast-check's seed and
// shrunk sequence; `--seed S` replays it.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

export function runHistories(
  file: string,
  envPrefix: string,
  defaults: { runs: string; steps: string },
  /**
   * A file with variants: the name of the tests run without a flag, and of those each flag selects
   * instead (`--tax`), matched against the test's full name.
   */
  variants?: { plain: string; flags: Record<string, string> },
): number {
  const flags = Object.fromEntries(
    Object.keys(variants?.flags ?? {}).map((flag) => [flag, { type: 'boolean' as const }]),
  );
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: defaults.runs },
      steps: { type: 'string', default: defaults.steps },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
      ...flags,
    },
  });
  const whole = (name: string, value: string | undefined) => {
    if (value !== undefined && !/^-?\d+$/.test(value)) {
      console.error(`--${name} must be a whole number, not ${value}`);
      process.exit(2);
    }
    return value;
  };
  const runs = whole('runs', values.runs) ?? defaults.runs;
  const steps = whole('steps', values.steps) ?? defaults.steps;
  const seed = whole('seed', values.seed);
  const databaseUrl = values['database-url'] as string | undefined;
  const chosen = Object.keys(variants?.flags ?? {}).filter(
    (flag) => (values as Record<string, unknown>)[flag] === true,
  );
  if (chosen.length > 1) {
    console.error(`Choose one of --${chosen.join(', --')}`);
    process.exit(2);
  }
  const chosenFlag = chosen[0];
  const names = variants && (chosenFlag ? variants.flags[chosenFlag] : variants.plain);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      databaseUrl ? 'api-postgres' : 'api',
      file,
      ...(names ? ['-t', names] : []),
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        [`${envPrefix}_RUNS`]: runs,
        [`${envPrefix}_STEPS`]: steps,
        ...(seed !== undefined ? { [`${envPrefix}_SEED`]: seed } : {}),
        ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
      },
    },
  );
  return result.status ?? 1;
}
