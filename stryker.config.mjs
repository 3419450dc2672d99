// Mutation testing of the machines and the domain rules (`npm run qa:mutation`); how to read the report: docs/qa/mutation.md.

/** Properties of a machine config that only document it (docs/statecharts), with no effect on behaviour. */
const DOCUMENTATION = new Set(['description', 'meta']);

/**
 * Leaves out the mutants of `description` and `meta`: the statechart pages are generated from them,
 * the machines never read them, so every such mutant would survive and say nothing about the tests.
 */
const statechartDocumentation = {
  shouldIgnore(path) {
    const { node } = path;
    if (node.type !== 'ObjectProperty' || node.computed) return undefined;
    const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
    return DOCUMENTATION.has(key) ? 'Statechart documentation: the machines never read it.' : undefined;
  },
};

// This file is also the plugin module that declares the ignorer (see `plugins` below).
export const strykerPlugins = [
  { kind: 'Ignore', name: 'statechart-documentation', value: statechartDocumentation },
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // vmThreads: each test file in a fresh VM context rather than a fresh worker, cheaper for 1,200 runs.
  vitest: { configFile: 'vitest.mutation.config.ts', pool: 'vmThreads' },
  coverageAnalysis: 'perTest',
  plugins: ['@stryker-mutator/vitest-runner', './stryker.config.mjs'],
  ignorers: ['statechart-documentation'],
  mutate: [
    'machines/**/*.ts',
    'domain/**/*.ts',
    // Types only: nothing to mutate that runs.
    '!machines/**/*.types.ts',
    '!domain/api-types.ts',
    // Documentation only: the list of the charts docs/statecharts is generated from.
    '!machines/statecharts.ts',
  ],
  ignorePatterns: ['/dist', '/reports', '/test-results', '/playwright-report', '/.data', '/docs', '/content'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  // break: the last full run's score, rounded down (docs/qa/mutation.md), so the score cannot fall.
  thresholds: { high: 90, low: 85, break: 98 },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
