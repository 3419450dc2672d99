// The real server is killed with SIGKILL in the middle of a stream of registrations, then started
// again on the same data: every registration it acknowledged is still there. On a PGlite data
// directory, or in the `api-postgres` project on a fresh PostgreSQL database.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PASSWORD, uniqueEmail } from './accounts.helpers.ts';
import { startServerProcess } from './server-process.ts';

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

const startServer = () => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });

async function registerOne(url: string, email: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Durable', email, password: PASSWORD, trainerID: DEMO_TRAINER_ID }),
    });
    return res.status === 201;
  } catch {
    return false;
  }
}

describe('durability', () => {
  it('loses no acknowledged registration when the server is killed with SIGKILL mid-stream', async () => {
    const first = await startServer();
    const acknowledged: string[] = [];
    let killed = false;
    // Writers stop once the server is gone, whether this test killed it or it died on its own.
    const writer = async () => {
      while (!killed && first.child.exitCode === null) {
        const email = uniqueEmail('durable');
        if (await registerOne(first.url, email)) acknowledged.push(email);
        if (acknowledged.length >= 25 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    if (first.child.exitCode === null && first.child.signalCode === null) {
      await new Promise((resolve) => first.child.once('exit', resolve));
    }
    expect(killed, `The server stopped on its own: ${first.stderr()}`).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    const second = await startServer();
    const missing: string[] = [];
    for (const email of acknowledged) {
      const res = await fetch(`${second.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, trainerID: DEMO_TRAINER_ID }),
      });
      if (res.status !== 200) missing.push(email);
    }
    expect(missing).toEqual([]);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 120_000);
});
