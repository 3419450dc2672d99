// The migrations: applied under a lock on PostgreSQL, from a kept image of a migrated cluster on
// PGlite, and asked for by the readiness check.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema.ts';

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/** The extensions the migrations create: the members search's trigrams (decision 145). */
export const extensions = { pg_trgm };

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
export async function migratedImage(): Promise<Blob> {
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
export async function migrateUnderLock(pool: pg.Pool, db: ReturnType<typeof drizzlePg<typeof schema>>) {
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
export async function migrationsApplied(db: PgDatabase<PgQueryResultHKT, typeof schema>): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  // Both drivers answer with the rows under `rows`.
  const { rows } = result as unknown as { rows: { applied: number }[] };
  return (rows[0]?.applied ?? 0) >= knownMigrations;
}
