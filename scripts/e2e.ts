// Runs the Playwright suite against real servers on free ports with fresh data directories, so runs
// never share state and never collide with a server already running on 3000. Four sites run
// (tests/e2e/sites.ts): the demo trainer's as published (it verifies emails), the same site with
// email verification off, for the UI paths that open the modal on such a site, that one again in the
// staging release stage with a Braze configuration, for the embedded services' tests, and that one
// again with no annual plan on sale. `E2E_SITES` (site, open, services, no-annual, comma-separated)
// starts fewer: `npm run qa:path` starts only the sites its paths need. `E2E_UI_PATHS=transitions`
// replays on desktop the UI paths that take every transition rather than those that show every screen
// (CI and `npm run test:ui-paths`, decision 180).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FLOW_RECORDS, flowCoverage, printFlowCoverage } from '../tests/e2e/flow-coverage.ts';
import { SITE_PORT_VARIABLES, sitesOfRun, writeOpenContent } from '../tests/e2e/sites.ts';
import { SITE_TIMEOUT, serverTimeoutAdvice, waitNotice, waitsOf } from '../tests/e2e/waits.ts';
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
const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-e2e-'));
const sites = sitesOfRun();
const ports: Record<string, string> = {};
// Every site's port is set, started or not: the tests read them all.
for (const variable of Object.values(SITE_PORT_VARIABLES)) ports[variable] = String(await freePort());

if (sites.some((site) => site !== 'site')) writeOpenContent(path.join(dataDir, 'content-open'));
for (const site of sites) mkdirSync(path.join(dataDir, site));

const args = process.argv.slice(2);
const waits = waitsOf();
console.log(waitNotice(sites, waits));
// Playwright's output passes through as it comes; a site that never answered is explained after it.
let timedOut = false;
const playwright = spawn('npx', ['playwright', 'test', ...args], {
  stdio: ['inherit', 'pipe', 'pipe'],
  env: {
    ...process.env,
    ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
    CHROMIUM_PATH: chromiumPath,
    ...ports,
    E2E_DATA_DIR: dataDir,
    E2E_SITES: sites.join(','),
  },
});
for (const [from, to] of [
  [playwright.stdout, process.stdout],
  [playwright.stderr, process.stderr],
] as const) {
  from.on('data', (chunk: Buffer) => {
    to.write(chunk);
    if (SITE_TIMEOUT.test(chunk.toString('utf8'))) timedOut = true;
  });
}
const result = await new Promise<{ status: number | null }>((resolve) =>
  playwright.on('close', (code) => resolve({ status: code })),
);
if (timedOut) console.error(`\n${serverTimeoutAdvice(waits)}`);
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
