// `npm run build`: the three builds in turn (the SPA, the studio beside it in dist/, the server's
// render of the pages in dist/.ssr), one line each. Vite's table of every chunk and its sizes shows
// with `npm run build -- --verbose` or BUILD_VERBOSE=1; `npm run size` measures what the budgets need.
import { build } from 'vite';

const BUILDS = [
  ['the site', 'vite.config.ts'],
  ['the studio', 'vite.studio.config.ts'],
  ["the server's render of the pages", 'vite.ssr.config.ts'],
] as const;

const verbose = process.argv.includes('--verbose') || Boolean(process.env.BUILD_VERBOSE);
for (const [what, configFile] of BUILDS) {
  const started = performance.now();
  await build({
    configFile,
    logLevel: verbose ? 'info' : 'warn',
    // The gzip column of the table costs a compression of every chunk: only when the table shows.
    build: { reportCompressedSize: verbose },
  });
  console.log(`Built ${what} (${configFile}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
