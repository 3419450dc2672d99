import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.ts';
import { SERVICES_SITE_ENV } from './tests/e2e/services-site.ts';
import { E2E_ADMIN_TOKEN, sitesOfRun } from './tests/e2e/sites.ts';
import { STUDIO_SITE_ENV } from './tests/e2e/studio-site.ts';
import { waitsOf } from './tests/e2e/waits.ts';

const port = process.env.E2E_PORT;
const openPort = process.env.E2E_OPEN_PORT;
const servicesPort = process.env.E2E_SERVICES_PORT;
const noAnnualPort = process.env.E2E_NO_ANNUAL_PORT;
const studioPort = process.env.E2E_STUDIO_PORT;
const dataDir = process.env.E2E_DATA_DIR;
const sites: string[] = sitesOfRun();
if (!port || !openPort || !servicesPort || !noAnnualPort || !studioPort || !dataDir)
  throw new Error('Run the browser tests with `npm run test:e2e`.');
const baseURL = `http://127.0.0.1:${port}`;
// Fitted to the machine and raised by E2E_SERVER_TIMEOUT_SECONDS, E2E_TEST_TIMEOUT_SECONDS (tests/e2e/waits.ts).
const waits = waitsOf();

/** The trainer API serving the built SPA, as in production but on a fresh data directory. */
function site(
  name: string,
  sitePort: string,
  dir: string,
  contentDir?: string,
  env: Record<string, string> = {},
  host = '127.0.0.1',
) {
  const url = `http://${host}:${sitePort}`;
  return {
    // Playwright's lines about this server start with its name.
    name,
    command: 'node server/main.ts',
    url: `http://127.0.0.1:${sitePort}/api/health`,
    reuseExistingServer: false,
    timeout: waits.server * 1000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: sitePort,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      PUBLIC_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_LOG2_COST: '12',
      // Every browser test comes from 127.0.0.1: the per-address limits would throttle the suite itself.
      RATE_LIMIT_MAX: '10000',
      ...(contentDir ? { CONTENT_DIR: contentDir } : {}),
      ...env,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The HTML report shows each UI path's steps with a screenshot after each (npx playwright show-report).
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  timeout: waits.test * 1000,
  use: {
    baseURL,
    // Recording a trace of every test costs about an eighth of the suite's time; a failure keeps its
    // screenshot and page snapshot, and `--trace on` (as `npm run qa:path` does) records one again.
    trace: 'off',
    screenshot: 'only-on-failure',
    // `npm run qa:path -- <id> --headed` shows the browser.
    headless: !process.env.QA_HEADED,
    launchOptions: {
      executablePath: findChromium(),
      args: process.env.QA_HEADED ? CHROMIUM_ARGS.filter((arg) => arg !== '--headless') : CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.mobile\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'mobile',
      testMatch: /\.mobile\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: Object.entries({
    // The operator's API is on for the membership journeys, which set the trainer's pause lengths and
    // cancel offer (tests/e2e/membership-journey.ts).
    site: site('site', port, path.join(dataDir, 'site'), undefined, { ADMIN_TOKEN: E2E_ADMIN_TOKEN }),
    // The demo site with email verification off (scripts/e2e.ts writes its content).
    open: site('open', openPort, path.join(dataDir, 'open'), path.join(dataDir, 'content-open')),
    // That site again in a release stage that reports errors, with a Braze configuration whose
    // endpoint the services' tests answer in the browser (tests/e2e/services.spec.ts).
    services: site(
      'services',
      servicesPort,
      path.join(dataDir, 'services'),
      path.join(dataDir, 'content-open'),
      SERVICES_SITE_ENV,
    ),
    // That site again with the annual plan off sale in its database (tests/e2e/sites.ts).
    'no-annual': site(
      'no-annual',
      noAnnualPort,
      path.join(dataDir, 'no-annual'),
      path.join(dataDir, 'content-open'),
    ),
    // That site again at `localhost`, the only kind of address WebAuthn accepts as a site's identity
    // without HTTPS, for the studio's passkeys (tests/e2e/studio-site.ts, decision 160).
    studio: site(
      'studio',
      studioPort,
      path.join(dataDir, 'studio'),
      path.join(dataDir, 'content-open'),
      STUDIO_SITE_ENV,
      'localhost',
    ),
  })
    // `npm run qa:path` starts only the sites its paths need (scripts/e2e.ts).
    .filter(([name]) => sites.includes(name))
    .map(([, server]) => server),
});
