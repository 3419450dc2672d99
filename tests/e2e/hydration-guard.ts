// A page the server rendered must hydrate as it is (decision 118): a mismatch React recovers from
// (by drawing the page afresh) is still a defect, and fails the test it happens in. The SPA logs each
// recovered error with "Hydration"; React's own messages name it too (minified, by error number).
import type { BrowserContext, Page } from '@playwright/test';

export const HYDRATION_PROBLEM =
  /hydrat|Minified React error #(?:418|419|421|422|423|425)\b|didn't match|did not match/i;

/** Collects the hydration problems any page of `context` reports. */
export function watchHydration(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_PROBLEM.test(message.text())) {
      problems.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    }
  });
  context.on('weberror', (error) => {
    const text = String(error.error()?.stack ?? error.error());
    if (HYDRATION_PROBLEM.test(text)) problems.push(`${error.page()?.url() ?? ''}: ${text}`);
  });
  return problems;
}

/**
 * Waits until React has taken over the page's heading: a server-rendered page shows it before its
 * scripts run, so its being visible no longer says the app is listening.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')),
  );
}

/**
 * Waits, after a page of the site has loaded, until the app has taken it over when the server
 * rendered it: its buttons do nothing before, and a test pressing one at once would race the
 * scripts, as no visitor's hand does.
 */
export async function waitForRenderedPage(page: Page): Promise<void> {
  const rendered = await page
    .evaluate(() => document.getElementById('rendered-page') !== null)
    .catch(() => false);
  if (!rendered) return;
  await page.waitForFunction(() => {
    // The layout's main element, whichever way the app took the page over (hydrated or drawn afresh).
    const main = document.querySelector('#root main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}
