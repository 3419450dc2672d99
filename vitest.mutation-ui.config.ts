// The UI paths replayed in jsdom, for the mutation run of the UI paths (`npm run qa:mutation:ui-paths`,
// stryker.ui-paths.config.mjs): the member's clicks and typing through the real React tree, with the
// screen checked after every step. Too slow for every mutant (docs/qa/mutation.md), so that run is
// given the lines to mutate.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/component/paths/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['tests/component/setup.ts'],
  },
});
