import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { DEFAULT_TRAINER_ID, TRAINER_ID_META } from './domain/pages.ts';
import { lightOnlyCss } from './scripts/light-only-css.ts';
import { precompress } from './scripts/precompress.ts';

/** Writes the .br and .gz copies the server sends (decision 080). */
export function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The server's build of the pages (decision 118) is read from disk, never sent.
      if (config.build.ssr) outDir = '';
    },
    closeBundle() {
      if (!outDir) return;
      const { files, bytes, br } = precompress(outDir);
      this.info(
        `precompressed ${files} files: ${(bytes / 1000).toFixed(0)} kB, ${(br / 1000).toFixed(0)} kB as brotli`,
      );
    },
  };
}

/** Names in the shell the trainer the build sells for, so the server can ask for a page's data early. */
function trainerIdMeta(): Plugin {
  return {
    name: 'trainer-id-meta',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { name: TRAINER_ID_META, content: process.env.VITE_TRAINER_ID ?? DEFAULT_TRAINER_ID },
        injectTo: 'head',
      },
    ],
  };
}

/**
 * The dev server answers the studio's addresses with its page, as the API server does once built
 * (decision 147); left alone, Vite would answer them with the public shell.
 */
function studioPages(): Plugin {
  return {
    name: 'studio-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/studio(?:[/?]|$)/.test(request.url)) {
          request.url = `/studio.html${request.url.slice('/studio'.length).replace(/^[^?]*/, '')}`;
        }
        next();
      });
    },
  };
}

function apiProject(
  name: string,
  env: Record<string, string>,
  exclude: string[] = [],
  globalSetup: string[] = [],
) {
  return {
    extends: true as const,
    test: {
      name,
      include: ['tests/api/**/*.test.ts'],
      exclude,
      environment: 'node' as const,
      // Worker threads start faster than child processes (about 40 s less for the whole run here).
      pool: 'threads' as const,
      // Each file builds its own server over its own database, so files need no fresh module graph;
      // re-importing the server and recompiling PGlite's WebAssembly per file cost about 50 s.
      isolate: false,
      setupFiles: ['tests/api/setup.ts'],
      globalSetup,
      env,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), trainerIdMeta(), studioPages(), precompressBuild()],
  css: { postcss: { plugins: [lightOnlyCss()] } },
  server: {
    proxy: Object.fromEntries(['/api', '/sandbox', '/dev', '/content-assets'].map((p) => [p, apiTarget])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // The shell's entry, and the one script a page the server rendered asks for before its first
      // paint (decision 126).
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        start: path.resolve(import.meta.dirname, 'src/hydration/start.ts'),
      },
      output: {
        // The libraries every page runs stay in one chunk. Left to itself the bundler splits them into
        // a dozen small chunks shared with the lazy screens, and the home route pays for each one.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // Mutations are only the member's pages' (the profile): they load with those pages, which
              // keeps the first load within its budget with the hydration code React adds (decision 118).
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|i18next|react-i18next|openapi-fetch)[\\/]/.test(
                  id,
                ) && !/[\\/](useMutation|mutationObserver)\.js$/.test(id),
            },
            {
              // XState and its React hooks in one chunk for the flows that load them (the session's, the confirmation's, the
              // library player's): left to itself the bundler cuts it in two, and the shell names each
              // piece of every lazy chunk it may preload.
              name: 'xstate',
              test: /node_modules[\\/](xstate|@xstate[\\/]react)[\\/]/,
            },
            {
              // The shell's own modules, which every route renders, and Mantine's Alert, which the public
              // pages show while their data is late or missing: alone it would be two more requests
              // before a content page's largest paint (decision 084).
              name: 'shell',
              test: /[\\/]src[\\/](app|lib|session|text|components|api|features[\\/](content|products))[\\/]|@mantine[\\/]core[\\/]esm[\\/](components[\\/]Alert|core[\\/]utils[\\/]create-safe-context)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    // Two files at a time even on two cores (Vitest's default leaves one core idle): the API files
    // wait on servers, databases and timers more than they compute; measured on the 2-core machine,
    // the three projects took 256 s against 360 s with one worker.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machine/**/*.test.ts', 'tests/spec/**/*.test.ts'],
          environment: 'node',
          // As the component and API files: worker threads, one module graph per worker. The UI paths'
          // catalogue and the browser's choice of them (tests/paths/catalog.ts) are then computed once
          // per worker rather than once per file that asks (decision 176).
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          pool: 'threads',
          // Testing Library unmounts after each test and every render brings its own providers, so
          // files share one module graph per worker (about 35 s less than re-importing per file).
          isolate: false,
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      // The cluster test is about several instances on PostgreSQL: it belongs to the PostgreSQL run.
      // The query plans are PostgreSQL's, at a size seeded for it: they belong to the PostgreSQL run.
      // A lost listening connection is PostgreSQL's: PGlite has one, in the process.
      apiProject('api', {}, [
        'tests/api/cluster.test.ts',
        'tests/api/query-plans.test.ts',
        'tests/api/kept-sessions-listener.test.ts',
      ]),
      // The same API suite on a real PostgreSQL, when one is configured (CI sets it).
      ...(process.env.TEST_DATABASE_URL
        ? [
            apiProject(
              'api-postgres',
              { API_TEST_DATABASE: 'postgres' },
              [
                'tests/api/database.test.ts',
                // It brings its own server process on PostgreSQL whichever project runs it.
                'tests/api/outage.test.ts',
                // Its PostgreSQL part runs whenever TEST_DATABASE_URL is set.
                'tests/api/instances.test.ts',
                // Likewise: its PostgreSQL part is a server process of its own.
                'tests/api/partitions-postgres.test.ts',
                'tests/api/partitions-redis.test.ts',
                // The getting-started guide's curl walk starts its own server on a fresh PGlite database: once is enough.
                'tests/api/readme-walk.test.ts',
              ],
              // Names the run's test databases and drops those left at its end (decision 181).
              ['tests/api/postgres-run.ts'],
            ),
          ]
        : []),
    ],
  },
});
