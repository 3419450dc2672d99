// The tests that exercise the machines, for the mutation run (`npm run qa:mutation`): the machines'
// model tests and the app flows that drive them. Stryker runs them against each mutant of machines/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/machine/**/*.test.ts', 'tests/unit/flows/**/*.test.ts'],
    environment: 'node',
  },
});
