// The tests that exercise the machines and the domain rules, for the mutation run (`npm run qa:mutation`,
// stryker.config.mjs): the machines' model tests, the app flows that drive them, and the domain's unit
// tests (with the browser services' adapters, the tests of `domain/integrations.ts`), in node.
import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * For each mutant Stryker runs the test files that import the mutated file, one after the other, and
 * stops at the first failure. So that a mutant costs what it needs:
 * - the mutated machine's own model test (`x.machine.ts` → `x.machine.test.ts`) runs first, then the
 *   others from the quickest;
 * - the model tests of the machines that invoke it are left out: a model test replays its machine
 *   with every child replaced by a fake, so it cannot tell a mutated child from the real one (the
 *   signup modal's test, the slowest, would otherwise run for every mutant of its children).
 * Only a machine's own model test counts as its own test here: a guards' or helpers' file, or a domain
 * file, keeps every test that imports it, model tests included, even when a unit test bears its name
 * (`x.guards.test.ts`), since the model tests of the machines that use it are what read its output.
 */
class OwnTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const related = this.ctx.config.related ?? [];
    const owner = related.length === 1 ? basename(related[0] ?? '', '.ts') : undefined;
    const isOwn = (spec: TestSpecification) => basename(spec.moduleId, '.test.ts') === owner;
    const isModel = (spec: TestSpecification) => spec.moduleId.endsWith('.machine.test.ts');
    const hasOwnModel = files.some((spec) => isOwn(spec) && isModel(spec));
    const otherModel = (spec: TestSpecification) => hasOwnModel && !isOwn(spec) && isModel(spec);
    const duration = (spec: TestSpecification) =>
      this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? Number.POSITIVE_INFINITY;
    return files
      .filter((spec) => !otherModel(spec))
      .sort((a, b) => Number(isOwn(b)) - Number(isOwn(a)) || duration(a) - duration(b));
  }
}

export default defineConfig({
  test: {
    include: [
      'tests/machine/**/*.test.ts',
      'tests/unit/flows/**/*.test.ts',
      'tests/unit/domain/**/*.test.ts',
      'tests/unit/integrations/browser-integrations.test.ts',
    ],
    environment: 'node',
    sequence: { sequencer: OwnTestsFirst },
  },
});
