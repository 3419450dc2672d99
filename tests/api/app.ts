// Each test file gets its own server over its own database: in-memory PGlite, or in the
// `api-postgres` project a fresh PostgreSQL database created from TEST_DATABASE_URL and dropped after,
// copied from a template with the migrations applied.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createContext, type ServerContext } from '../../server/context.ts';
import { migrationsDigest, openDatabase } from '../../server/db/index.ts';

export interface TestApp {
  app: FastifyInstance;
  context: ServerContext;
  close(): Promise<void>;
}

/** Taken while one process builds the migrated template, so the others wait for it and copy it. */
const TEMPLATE_LOCK_KEY = 7_260_415_181;

/**
 * The database each test database on PostgreSQL is copied from: this build's migrations applied
 * once, not once per server (4 to 5 s each, decision 181). Named after the migrations, so another
 * set of migrations makes its own; built aside and renamed, so a copy never finds it half made. It
 * holds no seed: each server seeds its copy as it starts, as on an empty database.
 */
async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `api_template_${migrationsDigest()}`;
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
  try {
    if (await exists()) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    const database = await openDatabase({
      databaseUrl: databaseUrl(adminUrl, building),
      dataDir: 'memory://',
      deadlines: { connectMs: 10_000, queryMs: 60_000 },
    });
    await database.close();
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  // Under the run's global setup the name carries the run's, and the drop is not waited for: the
  // setup drops what is left when the run ends (tests/api/postgres-run.ts).
  const run = inject('apiTestRun');
  const name = `api_test_${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const dropping = (async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        try {
          await c.query(`drop database if exists ${name} with (force)`);
        } finally {
          await c.end();
        }
      })();
      if (run) dropping.catch(() => {});
      else await dropping;
    },
  };
}

export interface TestAppOptions {
  /** Configuration over the test defaults (silent logs, no static files, cheap password hashing). */
  env?: Record<string, string>;
  /** Where the app's logs go, at the env's LOG_LEVEL; without it the app logs nothing. */
  logStream?: NodeJS.WritableStream;
  /** Routes or hooks a test adds before the app is ready (a route that fails, say). */
  beforeReady?: (app: FastifyInstance) => void;
}

/** The one way a test starts the app: every API test goes through here, whatever it configures. */
export async function startTestApp({
  env = {},
  logStream,
  beforeReady,
}: TestAppOptions = {}): Promise<TestApp> {
  const postgres = process.env.API_TEST_DATABASE === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DIST_DIR: 'does-not-exist',
    DATA_DIR: 'memory://',
    PUBLIC_URL: 'http://site.test',
    // Hashing at production cost in every test would take minutes; one test checks the real cost.
    PASSWORD_HASH_LOG2_COST: '10',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const context = await createContext(config);
  const app = await buildApp({ context, ...(logStream ? { logStream } : { logger: false }) });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    context,
    close: async () => {
      await app.close();
      await postgres?.drop();
    },
  };
}

/** A list for the apps a test starts beside its file's own: each is closed after the test. */
export function closedAfterEach(): TestApp[] {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  return apps;
}
