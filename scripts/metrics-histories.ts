// npm run test:metrics-histories -- [--runs N] [--steps K] [--seed S] [--database-url URL]: the random
// member histories against the figures (tests/api/metrics-histories.test.ts) with a larger budget
// than `npm test` gives them, on PGlite, or on the PostgreSQL at URL. A failure prints fast-check's
// seed and shrunk sequence; `--seed=S` replays it.
import { runHistories } from './histories-run.ts';

process.exit(
  runHistories('tests/api/metrics-histories.test.ts', 'METRICS_HISTORY', { runs: '1000', steps: '15' }),
);
