// The studio's build (decision 147): a build of its own, beside the public one in dist/, so the public
// pages' chunks are cut exactly as they are without it (their first load, `npm run size`, does not
// move) and the studio's code can never end up in one of them. The studio brings its own copy of the
// libraries it shares with the public pages: staff load it on their own devices, visitors never do.
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lightOnlyCss } from './scripts/light-only-css.ts';
import { precompressBuild } from './vite.config.ts';

/** Where the studio's build lists its files, beside the public build's manifest. */
export const STUDIO_MANIFEST = '.vite/studio-manifest.json';

export default defineConfig({
  plugins: [react(), precompressBuild()],
  css: { postcss: { plugins: [lightOnlyCss()] } },
  build: {
    outDir: 'dist',
    // The public build has just written dist/: the studio's files join it.
    emptyOutDir: false,
    sourcemap: true,
    manifest: STUDIO_MANIFEST,
    // Staff load the studio once on their own devices and no visitor ever does (above); Vite's 500 kB
    // warning is the public pages' concern, so it speaks here only if the studio grows past this.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: { studio: path.resolve(import.meta.dirname, 'studio.html') } },
  },
});
