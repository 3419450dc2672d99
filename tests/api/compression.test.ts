// What the server sends compressed: built assets as the build compressed them (brotli or gzip, as
// the browser accepts), the HTML shell and JSON answers compressed on the way out above 1 kB, and
// small answers as they are. Hashed assets are cached for a year; the shell is revalidated.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
const SCRIPT = `export const plans = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `plan ${i}`))};\n`;
let t: TestApp;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>T</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`,
  );
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets/tiny-abc123.js'), 'export {};\n');
  precompress(dist);
  t = await startTestApp({ env: { DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('built assets', () => {
  it('go out as the build compressed them, brotli first, gzip otherwise, plain to a browser that takes neither', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('are cached for a year, as their names change with their content', async () => {
    const res = await get('/assets/index-abc123.js', 'br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('have no compressed copy when it would not be smaller', () => {
    expect(existsSync(path.join(dist, 'assets/index-abc123.js.br'))).toBe(true);
    expect(existsSync(path.join(dist, 'assets/tiny-abc123.js.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/tiny-abc123.js.gz'))).toBe(false);
  });
});

describe('dynamic answers', () => {
  it('the HTML shell is compressed and revalidated on every visit', async () => {
    const res = await get('/', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('JSON above 1 kB is compressed, gzip when that is what the client takes', async () => {
    const res = await get(`/api/trainer/${DEMO_TRAINER_ID}/products`, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(body.success).toBe(true);
  });

  it('small answers go out as they are', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBe('ok');
  });
});
