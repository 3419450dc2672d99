// The real server on a data directory of its own (PGlite), or in the `api-postgres` project on a
// fresh PostgreSQL database, started again on the same data after a SIGKILL: for the durability
// files, each with its own data.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** Registers the file's data (made before its tests, removed after) and returns how to start a server on it. */
export function durableServers(): (env?: Record<string, string>) => Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-durability-'));
  const adminUrl = process.env.API_TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const databaseName = `durability_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';

  async function admin(query: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  }

  beforeAll(async () => {
    if (!adminUrl) return;
    await admin(`create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
  });

  return (env = {}) => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env });
}
