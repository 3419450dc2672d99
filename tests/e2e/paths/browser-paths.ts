// Declares the browser's UI paths for one screen variant: each chosen path (see `browserPaths`) on
// the site its opening needs (tests/e2e/sites.ts): the demo site, which verifies emails, its twin
// that does not, or that twin with no annual plan on sale.
import type { Locale } from '../../../domain/localized.ts';
import { browserPaths, describePath, uiPaths } from '../../paths/catalog.ts';
import { momentPaths, type ScreenVariant } from '../../paths/storyboard.ts';
import { siteOf } from '../../paths/tags.ts';
import { test } from '../flow-recorder.ts';
import { SITE_PORT_VARIABLES } from '../sites.ts';
import { replayInBrowser } from './browser-driver.ts';

const TITLES = {
  site: 'UI paths',
  open: 'UI paths, on a site that does not verify emails',
  'no-annual': 'UI paths, on a site that sells no annual plan',
} as const;

export async function describeBrowserPaths(locale: Locale, variant: ScreenVariant): Promise<void> {
  // `npm run qa:path` replays the paths it matched (their ids, comma-separated); the suite the chosen
  // ones: on desktop every screen, or every transition with `E2E_UI_PATHS=transitions` (npm run
  // test:ui-paths, CI), decision 180.
  const only = process.env.QA_PATH?.split(',');
  const desktop = process.env.E2E_UI_PATHS === 'transitions' ? 'transitions' : 'screens';
  const chosen = only
    ? uiPaths().filter((path) => only.includes(path.id))
    : await browserPaths(variant === 'desktop-en' ? desktop : 'states');
  // Taking the storyboard's screenshots, the paths that show its moments run too.
  const forScreens = process.env.SCREENS_DIR && !only ? momentPaths().map(({ path }) => path) : [];
  const paths = [...chosen, ...forScreens.filter((path) => !chosen.includes(path))];
  for (const [site, title] of Object.entries(TITLES) as [keyof typeof TITLES, string][]) {
    const onSite = paths.filter((candidate) => siteOf(candidate) === site);
    if (onSite.length === 0) continue;
    test.describe(title, () => {
      test.use({ baseURL: `http://127.0.0.1:${process.env[SITE_PORT_VARIABLES[site]]}` });
      // A path's members are real accounts; a subscriber pays on the sandbox's page first.
      test.slow();
      for (const path of onSite) {
        test(`${path.id}: ${describePath(path)}`, async ({ page, request, baseURL }, testInfo) => {
          await replayInBrowser(path, {
            site: baseURL ?? '',
            page,
            request,
            testInfo,
            locale,
            variant,
            screensDir: process.env.SCREENS_DIR,
          });
        });
      }
    });
  }
}
