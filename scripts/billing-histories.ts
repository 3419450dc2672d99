// npm run test:histories -- [--tax] [--runs N] [--steps K] [--seed S] [--database-url URL]: the random
// member histories of tests/api/billing-histories.test.ts with a larger budget than `npm test` gives
// them, on PGlite, or on the PostgreSQL at URL; `--tax` runs the tax variant's instead of the untaxed
// ones. A failure prints fast-check's seed and shrunk sequence; `--seed=S` replays it.
import { runHistories } from './histories-run.ts';

process.exit(
  runHistories(
    'tests/api/billing-histories.test.ts',
    'BILLING_HISTORY',
    { runs: '1000', steps: '15' },
    { plain: 'member histories on the sandbox', flags: { tax: 'member histories with tax' } },
  ),
);
