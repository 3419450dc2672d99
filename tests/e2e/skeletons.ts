// The members' pages while their data loads (issue: no blank or bare moment): on a throttled
// network with the API answering late, each page first shows its content's shape in skeletons, then
// its content in their place, and the layout shifts add up to a CLS under 0.1 (Google's "good").
// Shared by the 1280 px English run and the 375 px Spanish one.
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { payForPrice, registerMember, signIn, TRAINER_ID } from './fixtures.ts';
import { openCountingShifts } from './product-pages.ts';

/** Google's threshold of a good cumulative layout shift. */
export const GOOD_CLS = 0.1;
/** How late the member's API calls answer: long enough for the skeletons to be drawn and seen. */
const API_DELAY_MS = 1_200;

/** A slow phone network (about "fast 3G"), and the member's data answering late on top of it. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.route(/\/api\/(user(\?|\/invoices|\/billing)|library)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.fallback();
  });
}

/** Records whether a skeleton was ever in the document, from the first parse on. */
async function watchSkeletons(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const w = window as unknown as { sawSkeleton: boolean };
    w.sawSkeleton = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="skeleton"]')) w.sawSkeleton = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { sawSkeleton: boolean }).sawSkeleton);
}

export interface Visit {
  path: string;
  /**
   * The page is opened as it is met: the confirmation straight from the payment, with the member's
   * session as stored before it (the purchase comes with the fresh read), the others later.
   */
  storedBeforePaying?: boolean;
  /** What shows once the data is in. */
  loaded: (page: Page) => ReturnType<Page['getByTestId']>;
}

/** Opens each page afresh, throttled: a skeleton first, then the content, and CLS below 0.1. */
export async function expectSkeletonsWithoutShift(page: Page, visit: Visit): Promise<number> {
  const sawSkeleton = await watchSkeletons(page);
  await throttle(page);
  const shift = await openCountingShifts(page, visit.path);
  await expect(visit.loaded(page)).toBeVisible({ timeout: 30_000 });
  // Late images and fonts count too: give them their time.
  await page.waitForLoadState('networkidle');
  expect(await sawSkeleton(), `a skeleton on ${visit.path}`).toBe(true);
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  const cls = await shift();
  expect(cls, `CLS of ${visit.path}`).toBeLessThan(GOOD_CLS);
  return cls;
}

/**
 * A member who pays the weekly plan (a charge, an invoice, the membership's library): the session as
 * the browser stored it before paying, and after.
 */
async function payingMember(page: Page, locale: 'en' | 'es'): Promise<{ before: string; after: string }> {
  const member = await registerMember(page.request, locale);
  const stored = async () => {
    const response = await page.request.get('/api/user?gateway=true', { headers: { token: member.token } });
    return JSON.stringify(((await response.json()) as { user: unknown }).user);
  };
  const before = await stored();
  await signIn(page, member);
  await payForPrice(page, member, `${TRAINER_ID}-price-weekly`, '/');
  return { before, after: await stored() };
}

/**
 * Each page opened in a fresh browser (nothing cached) by a member who paid; returns each page's CLS.
 */
export async function visitEach(
  browser: Browser,
  setupPage: Page,
  info: TestInfo,
  locale: 'en' | 'es',
  viewport: { width: number; height: number },
): Promise<void> {
  const stored = await payingMember(setupPage, locale);
  for (const visit of VISITS) {
    const context = await browser.newContext({
      baseURL: info.project.use.baseURL,
      isMobile: info.project.use.isMobile,
      hasTouch: info.project.use.hasTouch,
      locale: locale === 'es' ? 'es-ES' : 'en-US',
      viewport,
    });
    const page = await context.newPage();
    await page.addInitScript(
      (user) => localStorage.setItem('pcc-user', user),
      visit.storedBeforePaying ? stored.before : stored.after,
    );
    const cls = await expectSkeletonsWithoutShift(page, visit);
    info.annotations.push({ type: 'CLS', description: `${visit.path}: ${cls.toFixed(4)}` });
    console.log(`CLS ${locale} ${viewport.width}px ${visit.path}: ${cls.toFixed(4)}`);
    await context.close();
  }
}

export const VISITS: Visit[] = [
  { path: '/profile', loaded: (page) => page.getByTestId('billing-details-form') },
  { path: '/profile/subscription', loaded: (page) => page.getByTestId('current-subscription') },
  { path: '/profile/purchases', loaded: (page) => page.getByTestId('purchases') },
  { path: '/confirmation', storedBeforePaying: true, loaded: (page) => page.getByTestId('purchase') },
  {
    path: '/library',
    loaded: (page) => page.getByRole('article').first() as ReturnType<Page['getByTestId']>,
  },
];
