// The server's build of the public pages (decision 118): src/server-render.tsx for Node, into
// dist/.ssr, with its packages bundled in, so the build runs wherever it is copied (a DIST_DIR away
// from node_modules included), as the SPA's build does.
import { mergeConfig } from 'vite';
import base from './vite.config.ts';

export default mergeConfig(base, {
  ssr: { noExternal: true },
  build: {
    ssr: true,
    // Its own entry, not the SPA's (the base config names the shell and the rendered pages' loader).
    rolldownOptions: { input: 'src/server-render.tsx' },
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    // Node reads it from disk: no source maps to ship, no manifest to walk.
    sourcemap: false,
    manifest: false,
  },
});
