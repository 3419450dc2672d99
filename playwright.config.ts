import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.ts';
import { waitsOf } from './tests/e2e/waits.ts';

const port = process.env.E2E_PORT;
if (!port || !process.env.E2E_DATA_DIR) throw new Error('Run the browser tests with `npm run test:e2e`.');
const baseURL = `http://127.0.0.1:${port}`;
// Fitted to the machine and raised by E2E_TEST_TIMEOUT_SECONDS (tests/e2e/waits.ts).
const waits = waitsOf();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails is run once more and, passing then, reported as flaky in the list and
  // the HTML report rather than failing the run (Playwright's own CI setting): a press lost once in
  // several hundred tests on a loaded machine had refused a whole run. A test that fails twice fails
  // the run; locally nothing is retried, so a flaky test shows as it is.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // The HTML report shows each UI path's steps with a screenshot after each (npx playwright show-report).
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  timeout: waits.test * 1000,
  expect: { timeout: waits.expect * 1000 },
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
  // Every site of the run, started together, and stopped after the last test (tests/e2e/site-servers.ts).
  globalSetup: './tests/e2e/site-servers.ts',
});
