// The UI paths' mutation run (`npm run qa:mutation:ui-paths -- --mutate <file>:<lines>`): the mutants
// of the given lines against the UI paths in jsdom. A pass of the UI paths takes minutes where the
// node tests of the main run (stryker.config.mjs) take seconds, so it is for the main run's survivors,
// chosen by line; docs/qa/mutation.md says when and how.
import main from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...main,
  vitest: { configFile: 'vitest.mutation-ui.config.ts', pool: 'threads' },
  // Their screens wait real seconds (the 3 s continue, the 5 s recheck): a mutant is late only well past that.
  timeoutMS: 60_000,
  htmlReporter: { fileName: 'reports/mutation-ui-paths/index.html' },
  jsonReporter: { fileName: 'reports/mutation-ui-paths/mutation.json' },
  tempDirName: '.stryker-tmp-ui-paths',
};
