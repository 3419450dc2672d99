import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent', DATABASE_URL: '' },
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
