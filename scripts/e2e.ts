// Runs the Playwright suite against real servers on free ports with fresh data directories, so runs
// never share state and never collide with a server already running on 3000. Three sites run: the
// demo trainer's as published (it verifies emails), the same site with email verification off, for
// the UI paths that open the modal on such a site, and that one again in the staging release stage
// with a Braze configuration, for the embedded services' tests. `E2E_SITES` (site, open, services,
// comma-separated) starts fewer: `npm run qa:path` starts only the sites its paths need.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FLOW_RECORDS, flowCoverage, printFlowCoverage } from '../tests/e2e/flow-coverage.ts';
import { findChromium } from './chromium.ts';

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error('No Chromium found: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
const [port, openPort, servicesPort] = [await freePort(), await freePort(), await freePort()];
const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-e2e-'));
const sites = process.env.E2E_SITES?.split(',') ?? ['site', 'open', 'services'];

// The second site's content: the demo dataset with the settings' enableEmailVerification off.
if (sites.includes('open') || sites.includes('services')) {
  const openContent = path.join(dataDir, 'content-open');
  cpSync('content', openContent, { recursive: true });
  const dataset = path.join(openContent, 'production.ndjson');
  writeFileSync(
    dataset,
    readFileSync(dataset, 'utf8').replace(
      '"enableEmailVerification":true',
      '"enableEmailVerification":false',
    ),
  );
}
for (const site of sites) mkdirSync(path.join(dataDir, site));

const args = process.argv.slice(2);
const result = spawnSync('npx', ['playwright', 'test', ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromiumPath,
    E2E_PORT: String(port),
    E2E_OPEN_PORT: String(openPort),
    E2E_SERVICES_PORT: String(servicesPort),
    E2E_DATA_DIR: dataDir,
    E2E_SITES: sites.join(','),
  },
});
let status = result.status ?? 1;
// A whole run must reach every state of every client flow in Chromium; a chosen few tests need not.
if (args.length === 0 && status === 0) {
  const coverage = flowCoverage(path.join(dataDir, FLOW_RECORDS));
  printFlowCoverage(coverage);
  if (coverage.some((chart) => chart.states.missing.length > 0)) {
    console.error('Some states of the flows were reached by no browser test (listed above).');
    status = 1;
  }
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
