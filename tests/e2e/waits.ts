// How long the browser suite waits, fitted to the machine: a site's start (the server's readiness at
// /api/health) and one test. Minutes on a busy machine are normal; a fixed minute failed the suite
// there while nothing was wrong. Each bound can be raised by an environment variable.

export const SERVER_WAIT_VARIABLE = 'E2E_SERVER_TIMEOUT_SECONDS';
export const TEST_WAIT_VARIABLE = 'E2E_TEST_TIMEOUT_SECONDS';
/** Five minutes for a site to answer its health check: a start takes seconds on an idle machine. */
export const SERVER_WAIT_SECONDS = 300;
/** A minute per test: the slowest journeys take about 20 s on an idle machine. */
export const TEST_WAIT_SECONDS = 60;

function seconds(env: Record<string, string | undefined>, variable: string, fallback: number): number {
  const text = env[variable];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new Error(`${variable} must be a whole number of seconds, such as ${fallback}; it is "${text}".`);
  return Number(text);
}

export interface Waits {
  /** For each site's start, in seconds. */
  server: number;
  /** For one test, in seconds. */
  test: number;
  /**
   * For one expectation, in seconds: a quarter of a test's wait. Playwright's 5 s missed a page
   * whose app starts after its first paint on a machine running the whole suite.
   */
  expect: number;
}

export function waitsOf(env: Record<string, string | undefined> = process.env): Waits {
  const test = seconds(env, TEST_WAIT_VARIABLE, TEST_WAIT_SECONDS);
  return {
    server: seconds(env, SERVER_WAIT_VARIABLE, SERVER_WAIT_SECONDS),
    test,
    expect: Math.ceil(test / 4),
  };
}

/** What a run says it waits for, before it starts the sites. */
export function waitNotice(sites: readonly string[], waits: Waits): string {
  return (
    `Starting ${sites.length === 1 ? 'the site' : `${sites.length} sites`} (${sites.join(', ')}); waiting up to ` +
    `${waits.server} s for each to answer /api/health (${SERVER_WAIT_VARIABLE} waits longer), ` +
    `${waits.test} s per test (${TEST_WAIT_VARIABLE}).`
  );
}

/** What the run says when a site did not answer in time (tests/e2e/site-servers.ts). */
export function siteTimeout(site: string, ms: number, url: string): string {
  return `Timed out waiting ${ms}ms for the ${site} site to answer ${url}.`;
}
export const SITE_TIMEOUT = /Timed out waiting \d+ms for the [\w-]+ site/;

/** What a run says after it gave up on a site's start. */
export function serverTimeoutAdvice(waits: Waits): string {
  return (
    `A site did not answer /api/health within ${waits.server} s. If its server printed an error above, ` +
    `that is the cause; if not, the machine is busy: run again with ${SERVER_WAIT_VARIABLE}=${waits.server * 2}.`
  );
}
