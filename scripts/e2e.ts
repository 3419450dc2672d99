// Runs the Playwright suite against a real server on a free port with a fresh data directory,
// so runs never share state and never collide with a server already running on 3000.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.ts';

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error('No Chromium found: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const port = await new Promise<number>((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-e2e-'));

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromiumPath, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
