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
): number {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: defaults.runs },
      steps: { type: 'string', default: defaults.steps },
      seed: { type: 'string' },
      'database-url': { type: 'string' },
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
  const databaseUrl = values['database-url'];
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', databaseUrl ? 'api-postgres' : 'api', file],
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
