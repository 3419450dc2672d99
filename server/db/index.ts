// PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Both go through drizzle's
// PostgreSQL dialect, so every query is written once. Migrations are applied at start.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What `db.transaction` hands its callback: the same queries, committed or rolled back together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

/** Plain SQL on the same database, for the job queue (pg-boss speaks SQL, not drizzle). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface OpenDatabase {
  db: Database;
  kind: DatabaseKind;
  /** On PostgreSQL, the connection string; on PGlite, its one in-process connection. */
  connection: { url: string } | SqlExecutor;
  close(): Promise<void>;
}

import { lockDataDir } from './data-dir-lock.ts';
import { listenOnPglite, listenOnPostgres, RowChanges, writes } from './row-changes.ts';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** The extensions the migrations create: the members search's trigrams (decision 145). */
const extensions = { pg_trgm };

/** What names this build's migrations, for what is made from them once and kept (16 hex digits). */
export function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The image as this process last read it: a test worker opens a cluster for each server it starts. */
let imageRead: { file: string; image: Blob } | undefined;

/**
 * The image of a new cluster with the migrations applied: PGlite's initdb takes seconds, loading an
 * image a fraction of that. Made once per set of migrations and kept in the
 * system's temporary directory, so every test process after the first starts from it.
 */
async function migratedImage(): Promise<Blob> {
  const file = path.join(tmpdir(), `trainer-pglite-${migrationsDigest()}.tar`);
  if (imageRead?.file === file) return imageRead.image;
  if (existsSync(file)) {
    imageRead = { file, image: new Blob([readFileSync(file)]) };
    return imageRead.image;
  }
  const client = new PGlite({ extensions });
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  // Written aside and renamed, so a process reading it never sees half an image; the aside name is
  // unique per call, since the test runner's worker threads share one process id.
  const partial = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  renameSync(partial, file);
  imageRead = { file, image };
  return image;
}

/** The advisory lock every instance takes to migrate: the first applies, the others then find nothing to do. */
export const MIGRATION_LOCK_KEY = 7_260_415_001;

/**
 * Several instances starting together on one PostgreSQL each run the migrator; a session-level
 * advisory lock on a connection of their own makes them take turns, so each migration runs once.
 */
async function migrateUnderLock(pool: pg.Pool, db: ReturnType<typeof drizzlePg<typeof schema>>) {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}

/** The migrations this build carries, from drizzle's journal. */
const knownMigrations = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** True when the database has every migration of this build applied (readiness). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  // Both drivers answer with the rows under `rows`.
  const { rows } = result as unknown as { rows: { applied: number }[] };
  return (rows[0]?.applied ?? 0) >= knownMigrations;
}

/** How long a request may wait on PostgreSQL (decision 093). */
export interface DatabaseDeadlines {
  /** For a connection: a free one from the pool, or a new one. */
  connectMs: number;
  /** For the answer to one query. */
  queryMs: number;
}

const DEFAULT_DEADLINES: DatabaseDeadlines = { connectMs: 3000, queryMs: 5000 };

/** What every connection to PostgreSQL is opened with, the job queue's included. */
export function connectionDeadlines(deadlines: DatabaseDeadlines) {
  return {
    connectionTimeoutMillis: deadlines.connectMs,
    // The kernel's probes find an idle connection that a network or a restarted peer forgot.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * A query that got no answer by its deadline leaves its connection unusable: the answer may still
 * come and would be taken for the next query's, or never come (a partition) and hold every query
 * after it. So the connection is closed, and the pool, seeing it closed when it comes back, drops it
 * and opens a new one for the next request. pg's own timeout only stops waiting.
 */
function closeOnTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const abandon = (error: unknown) => {
    if (error instanceof Error && error.message === 'Query read timeout') void client.end().catch(() => {});
  };
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        abandon(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(abandon);
    return result;
  };
}

/** How often the listening connection says it still hears (decision 179). */
const HEARTBEAT_MS = 1000;

/**
 * Tells `changes` of each statement that may write as it starts and when it has ended, the
 * statement's text read whichever way node-postgres was handed it.
 */
function toldOfWrites(client: pg.PoolClient, changes: { writeStarts(): () => void }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!writes(text)) return query(...args);
    const ended = changes.writeStarts();
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        ended();
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(ended, ended);
    else if (result && typeof (result as pg.Query).once === 'function') {
      (result as pg.Query).once('end', ended).once('error', ended);
    } else ended();
    return result;
  };
}

/** How many connections the requests share. */
const REQUEST_CONNECTIONS = 10;

/**
 * A pool of `max` connections to PostgreSQL with the requests' deadlines. A request waits a bounded
 * time for a connection and for each answer, so an outage or a partition answers 503 instead of
 * hanging. The mailer has one of its own (server/mail/mailer.ts).
 */
export function openPool(
  url: string,
  deadlines: DatabaseDeadlines,
  max: number,
  /** Told of every statement that may write, so that what is kept waits to hear it back (decision 179). */
  changes?: { writeStarts(): () => void },
): { db: Database; close: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...connectionDeadlines(deadlines),
    // The server gives up a statement a little before the client does: a slow but reachable
    // database cancels it and keeps the connection; only a silent one reaches query_timeout.
    statement_timeout: Math.round(deadlines.queryMs * 0.9),
    query_timeout: deadlines.queryMs,
    // Idle connections are closed after 10 s: those a partition left dead go soon even unused.
    idleTimeoutMillis: 10_000,
  });
  // A connection dropped by the server (restart, failover, a cut network) must not crash the
  // process. The pool reports idle ones; a checked-out client emits 'error' on itself, which
  // without a listener is an uncaught exception. Queries in flight fail with their own error.
  const lost = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    closeOnTimeout(client);
    if (changes) toldOfWrites(client, changes);
  });
  return { db: drizzlePg(pool, { schema }) as unknown as Database, close: () => pool.end() };
}

/** `dataDir` may be `memory://` for a throwaway database (tests). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  deadlines?: DatabaseDeadlines;
}): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const deadlines = options.deadlines ?? DEFAULT_DEADLINES;
    // Migrations may wait for another instance's lock and may run long: their own connection,
    // without the requests' query deadline, closed once they are done.
    const migrations = new pg.Pool({
      connectionString: options.databaseUrl,
      // One connection holds the lock while the migrator uses the other.
      max: 2,
      ...connectionDeadlines(deadlines),
    });
    try {
      await migrateUnderLock(migrations, drizzlePg(migrations, { schema }));
    } finally {
      await migrations.end();
    }
    const changes = new RowChanges({ silentAfterMs: HEARTBEAT_MS * 3 });
    const { db, close } = openPool(options.databaseUrl, deadlines, REQUEST_CONNECTIONS, changes);
    const listener = listenOnPostgres(db, options.databaseUrl, changes, {
      heartbeatMs: HEARTBEAT_MS,
      connectMs: deadlines.connectMs,
    });
    return {
      db,
      kind: 'postgres',
      connection: { url: options.databaseUrl },
      close: async () => {
        await listener.close();
        await close();
      },
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(path.resolve(options.dataDir));
  try {
    const pgdata = path.resolve(options.dataDir, 'pgdata');
    // A new cluster, in memory or on disk, starts from the migrated image rather than from initdb.
    const fresh = inMemory || !existsSync(path.join(pgdata, 'PG_VERSION'));
    const loadDataDir = fresh ? await migratedImage() : undefined;
    const client = inMemory
      ? new PGlite({ loadDataDir, extensions })
      : new PGlite(pgdata, { loadDataDir, extensions });
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    await listenOnPglite(db as unknown as Database, client);
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      connection: {
        // A script of several statements has no parameters and runs as one; like node-postgres, the
        // answer is then the result of each statement (the queue reads the rows of every one).
        executeSql: async (text, values) => {
          if (values?.length) return client.query(text, values);
          const results = await client.exec(text);
          return (results.length === 1 ? results[0] : results) as { rows: unknown[] };
        },
      },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
