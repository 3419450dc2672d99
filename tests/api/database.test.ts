import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('PGlite data directory', () => {
  it('refuses a second process on the same directory with a clear message', async () => {
    const first = await openDatabase({ dataDir });
    try {
      const second = await runServer({ DATA_DIR: dataDir, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/in use by another server process \(pid \d+\)/);
    } finally {
      await first.close();
    }
  });

  it('keeps data across a restart and is usable again once the first process closed', async () => {
    const { db, close } = await openDatabase({ dataDir });
    const { trainers } = await import('../../server/db/schema.ts');
    await db.insert(trainers).values({ id: 'restart-check', name: 'Restart' });
    await close();
    const reopened = await openDatabase({ dataDir });
    const rows = await reopened.db.select().from(trainers);
    expect(rows.map((r) => r.id)).toContain('restart-check');
    await reopened.close();
  });
});

describe('a stale lock', () => {
  it('is taken over when its pid now belongs to another program', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trainer-lock-'));
    // A live process that is not a server, as after a reboot reused the pid.
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(
        path.join(dir, 'server.lock'),
        JSON.stringify({ pid: other.pid, cmdline: 'node\0server/main.ts\0' }),
      );
      const opened = await openDatabase({ dataDir: dir });
      await opened.close();
      // A bare pid from an older lock is checked the same way.
      writeFileSync(path.join(dir, 'server.lock'), String(other.pid));
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    } finally {
      other.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a bad DATABASE_URL', () => {
  it('stops the server with one line naming the variable, without the password', async () => {
    const result = await runServer({
      DATABASE_URL: 'postgres://someone:hunter2@127.0.0.1:1/nowhere',
      PORT: '0',
      DIST_DIR: 'does-not-exist',
    });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Could not open the PostgreSQL database at DATABASE_URL \(127\.0\.0\.1:1\/nowhere\): /,
    );
    expect(result.stderr).not.toContain('hunter2');
  });
});

/** Starts the server, reads what it prints until it listens, and stops it. */
function startOutput(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trainer-start-'));
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', PORT: '0', DATA_DIR: dir, ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (/running at/.test(out)) setTimeout(() => child.kill('SIGTERM'), 100);
    });
    child.on('exit', () => {
      rmSync(dir, { recursive: true, force: true });
      if (/running at/.test(out)) resolve(out);
      else reject(new Error(`The server did not start: ${out}`));
    });
  });
}

describe('the dev pages', () => {
  it('are announced once at start when on, and not at all with SMTP', async () => {
    const on = await startOutput({ DIST_DIR: 'does-not-exist' });
    expect(on.match(/Dev pages are on/g)).toHaveLength(1);
    const off = await startOutput({ DIST_DIR: 'does-not-exist', SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(off).not.toMatch(/Dev pages/);
  });
});
