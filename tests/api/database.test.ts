import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
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

/**
 * Starts the server, reads what it prints until it listens, runs `whileUp` with its port, and stops
 * it. A variable given as undefined is left out of its environment.
 */
function startOutput(
  env: Record<string, string | undefined>,
  whileUp: (port: number) => Promise<void> = async () => {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trainer-start-'));
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', PORT: '0', DATA_DIR: dir, ...env },
    });
    let out = '';
    let up = false;
    child.stdout.on('data', (d) => {
      out += d;
      const port = /running at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      // The lines after the address are printed with it: waiting for the next one reads them all.
      if (port && !up && /machines/.test(out)) {
        up = true;
        void whileUp(Number(port)).finally(() => child.kill('SIGTERM'));
      }
    });
    child.on('exit', () => {
      rmSync(dir, { recursive: true, force: true });
      if (up) resolve(out);
      else reject(new Error(`The server did not start: ${out}`));
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** This machine's address on its network (another machine's way in), when it has one. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

describe('where the server listens', () => {
  it('is this machine alone by default, and it says so at start with the way to change it', async () => {
    const reached: Record<string, boolean> = {};
    const out = await startOutput({ DIST_DIR: 'does-not-exist', HOST: undefined }, async (port) => {
      reached.loopback = await connects('127.0.0.1', port);
      if (networkAddress) reached.network = await connects(networkAddress, port);
    });
    expect(out).toMatch(/running at http:\/\/localhost:\d+\n/);
    expect(out).toMatch(
      /Listening on 127\.0\.0\.1 only: other machines cannot reach it \(set HOST=0\.0\.0\.0 to serve them, as in a container\)/,
    );
    expect(reached).toEqual(networkAddress ? { loopback: true, network: false } : { loopback: true });
  });

  it('is every interface with HOST=0.0.0.0, as a container needs, and it says so', async () => {
    const reached: Record<string, boolean> = {};
    const out = await startOutput({ DIST_DIR: 'does-not-exist', HOST: '0.0.0.0' }, async (port) => {
      reached.loopback = await connects('127.0.0.1', port);
      if (networkAddress) reached.network = await connects(networkAddress, port);
    });
    expect(out).toMatch(/Listening on 0\.0\.0\.0: other machines on the network can reach it/);
    expect(reached).toEqual(networkAddress ? { loopback: true, network: true } : { loopback: true });
  });
});

describe('the dev pages', () => {
  it('are announced once at start when on, and not at all with SMTP', async () => {
    const on = await startOutput({ DIST_DIR: 'does-not-exist' });
    expect(on.match(/Dev pages are on/g)).toHaveLength(1);
    const off = await startOutput({ DIST_DIR: 'does-not-exist', SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(off).not.toMatch(/Dev pages/);
    // The flows to try are not the dev pages: a mail server leaves them on (decision 170).
    for (const out of [on, off])
      expect(out.match(/The flows to try are at http:\/\/localhost:\d+\/docs\//g)).toHaveLength(1);
    // Two servers started one after the other, each to its first lines: on a loaded machine more
    // than the default 30 s.
  }, 90_000);
});
