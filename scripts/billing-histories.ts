// npm run test:histories -- [--runs N] [--steps K] [--seed S] [--database-url URL]: the random member
// histories of tests/api/billing-histories.test.ts with a larger budget than `npm test` gives them,
// on PGlite, or on the PostgreSQL at URL. A failure prints fast-check's seed and shrunk sequence;
// `--seed=S` replays it.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    steps: { type: 'string', default: '15' },
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
const runs = whole('runs', values.runs) ?? '1000';
const steps = whole('steps', values.steps) ?? '15';
const seed = whole('seed', values.seed);
const databaseUrl = values['database-url'];

const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', databaseUrl ? 'api-postgres' : 'api', 'tests/api/billing-histories.test.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      BILLING_HISTORY_RUNS: runs,
      BILLING_HISTORY_STEPS: steps,
      ...(seed !== undefined ? { BILLING_HISTORY_SEED: seed } : {}),
      ...(databaseUrl ? { TEST_DATABASE_URL: databaseUrl } : {}),
    },
  },
);
process.exit(result.status ?? 1);
