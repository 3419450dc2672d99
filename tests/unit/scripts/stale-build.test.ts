import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_MARKS, staleBuild, startBuildReason } from '../../../scripts/stale-build.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, at: string) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  const time = new Date(at);
  utimesSync(full, time, time);
}

/** What `npm run build` leaves: the three builds' files, written in turn. */
function built(at: string) {
  for (const mark of BUILD_MARKS) write(mark, at);
}

describe('staleBuild', () => {
  it('asks for a build when dist/ is missing, or a source changed after it, and names the file', () => {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    write('src/app.tsx', '2026-11-25T10:00:00Z');
    expect(staleBuild(root)).toBe('dist/index.html is missing');
    built('2026-11-25T11:00:00Z');
    expect(staleBuild(root)).toBeNull();
    write('machines/signup-modal/signup-modal.machine.ts', '2026-11-25T12:00:00Z');
    expect(staleBuild(root)).toBe(
      'machines/signup-modal/signup-modal.machine.ts changed at 12:00:00, after the build of 11:00:00 UTC',
    );
  });

  it('ignores what the SPA is not built from (the server runs from its sources)', () => {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    built('2026-11-25T11:00:00Z');
    write('locales/en.json', '2026-11-25T10:00:00Z');
    write('server/app.ts', '2026-11-25T12:00:00Z');
    write('cli/trainer.ts', '2026-11-25T12:00:00Z');
    expect(staleBuild(root)).toBeNull();
  });

  it('counts the studio and the server render too: a part missing, or older than a source', () => {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    write('src/app.tsx', '2026-11-25T10:00:00Z');
    write('dist/index.html', '2026-11-25T11:00:00Z');
    expect(staleBuild(root)).toBe('dist/studio.html is missing');
    write('dist/studio.html', '2026-11-25T11:01:00Z');
    expect(staleBuild(root)).toBe('dist/.ssr/server-render.js is missing');
    write('dist/.ssr/server-render.js', '2026-11-25T11:02:00Z');
    expect(staleBuild(root)).toBeNull();
    // Written during the build, after its first part: that part is older than the change.
    write('studio.html', '2026-11-25T11:00:30Z');
    expect(staleBuild(root)).toBe('studio.html changed at 11:00:30, after the build of 11:00:00 UTC');
  });

  it('rebuilds after a library changed (the lockfile)', () => {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    built('2026-11-25T11:00:00Z');
    write('package-lock.json', '2026-11-25T13:00:00Z');
    expect(staleBuild(root)).toBe('package-lock.json changed at 13:00:00, after the build of 11:00:00 UTC');
  });
});

describe('npm start', () => {
  it('builds the first time, not the second, and again after a change or with --rebuild', () => {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    write('src/app.tsx', '2026-11-25T10:00:00Z');
    // The first start: no build yet.
    expect(startBuildReason(staleBuild(root), false)).toBe('dist/index.html is missing');
    built('2026-11-25T10:05:00Z');
    // The second start, nothing changed: it starts at once.
    expect(startBuildReason(staleBuild(root), false)).toBeNull();
    expect(startBuildReason(staleBuild(root), true)).toBe('asked with --rebuild');
    write('locales/es.json', '2026-11-25T10:10:00Z');
    expect(startBuildReason(staleBuild(root), false)).toBe(
      'locales/es.json changed at 10:10:00, after the build of 10:05:00 UTC',
    );
  });
});
