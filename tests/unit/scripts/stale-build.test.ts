import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleBuild } from '../../../scripts/stale-build.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, at: string) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  const time = new Date(at);
  utimesSync(full, time, time);
}

describe('staleBuild', () => {
  it('asks for a build when dist/ is missing, or a source changed after it, and names the file', () => {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    write('src/app.tsx', '2026-11-25T10:00:00Z');
    expect(staleBuild(root)).toBe('dist/index.html is missing');
    write('dist/index.html', '2026-11-25T11:00:00Z');
    expect(staleBuild(root)).toBeNull();
    write('machines/signup-modal/signup-modal.machine.ts', '2026-11-25T12:00:00Z');
    expect(staleBuild(root)).toBe(
      'machines/signup-modal/signup-modal.machine.ts changed at 12:00:00, after the build of 11:00:00 UTC',
    );
  });

  it('ignores what the SPA is not built from (the server runs from its sources)', () => {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    write('dist/index.html', '2026-11-25T11:00:00Z');
    write('locales/en.json', '2026-11-25T10:00:00Z');
    write('server/app.ts', '2026-11-25T12:00:00Z');
    expect(staleBuild(root)).toBeNull();
  });
});
