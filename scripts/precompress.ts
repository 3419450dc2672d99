// Brotli and gzip copies of the built text assets, written beside each file at build time, so the
// server sends them as they are (@fastify/static's preCompressed) instead of compressing on every
// request. A copy that would not be smaller is not written. Source maps are left alone.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

export function precompress(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    totals.files += 1;
    totals.bytes += raw.length;
    if (br.length < raw.length) {
      writeFileSync(`${file}.br`, br);
      totals.br += br.length;
    }
    if (gz.length < raw.length) {
      writeFileSync(`${file}.gz`, gz);
      totals.gz += gz.length;
    }
  }
  return totals;
}
