import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure } from '../../../scripts/size.ts';

let dist: string;
const files: Record<string, string> = {
  'assets/index.js': 'import "./shared.js";'.repeat(50),
  'assets/shared.js': 'export const shared = 1;'.repeat(80),
  'assets/index.css': 'body{margin:0}'.repeat(40),
  'assets/lazy.js': 'export const lazy = 2;'.repeat(120),
  'assets/lazy.css': '.lazy{color:red}'.repeat(30),
};
const gz = (name: string) => gzipSync(files[name] as string, { level: 9 }).length;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'size-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, name), text);
  // Source maps say whose code a built file holds: the lazy chunk holds Braze's, the shared one Bugsnag's.
  const map = (sources: string[]) => JSON.stringify({ version: 3, sources, mappings: '' });
  writeFileSync(
    path.join(dist, 'assets/lazy.js.map'),
    map(['../../node_modules/@braze/web-sdk/src/index.js']),
  );
  writeFileSync(
    path.join(dist, 'assets/shared.js.map'),
    map(['../../node_modules/@bugsnag/browser/dist/bugsnag.js']),
  );
  writeFileSync(
    path.join(dist, 'index.html'),
    '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/index.css">',
  );
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_shared.js'],
        dynamicImports: ['src/lazy.tsx'],
        css: ['assets/index.css'],
      },
      '_shared.js': { file: 'assets/shared.js' },
      'src/lazy.tsx': {
        file: 'assets/lazy.js',
        src: 'src/lazy.tsx',
        isDynamicEntry: true,
        imports: ['_shared.js'],
        css: ['assets/lazy.css'],
      },
    }),
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('size budget measurement', () => {
  it('counts the JS and CSS the HTML loads, with their static imports, and no lazy chunk', () => {
    const report = measure(dist);
    expect(report.firstLoad.files.sort()).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/shared.js',
    ]);
    expect(report.firstLoad.gzip).toBe(
      gz('assets/index.js') + gz('assets/shared.js') + gz('assets/index.css'),
    );
  });

  it("finds the services' SDKs by the source maps and says which are in the first load", () => {
    expect(measure(dist).sdks).toEqual([
      {
        name: '@bugsnag/js',
        files: ['assets/shared.js'],
        gzip: gz('assets/shared.js'),
        inFirstLoad: ['assets/shared.js'],
      },
      { name: '@braze/web-sdk', files: ['assets/lazy.js'], gzip: gz('assets/lazy.js'), inFirstLoad: [] },
    ]);
  });

  it('lists each lazy chunk with only what it adds to the first load', () => {
    expect(measure(dist).lazy).toEqual([
      {
        name: 'src/lazy.tsx',
        files: ['assets/lazy.js', 'assets/lazy.css'],
        gzip: gz('assets/lazy.js') + gz('assets/lazy.css'),
      },
    ]);
  });
});
