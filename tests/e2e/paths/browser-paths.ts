// Declares the browser's UI paths for one screen variant: each chosen path (see `browserPaths`) on
// the site its opening names, with email verification on (the demo site) or off (its twin).
import type { Locale } from '../../../domain/localized.ts';
import { browserPaths, describePath, uiPaths } from '../../paths/catalog.ts';
import type { ScreenVariant } from '../../paths/storyboard.ts';
import { verifiesEmails } from '../../paths/tags.ts';
import { test } from '../flow-recorder.ts';
import { replayInBrowser } from './browser-driver.ts';

export async function describeBrowserPaths(locale: Locale, variant: ScreenVariant): Promise<void> {
  // `npm run qa:path` replays the paths it matched (their ids, comma-separated); the suite the chosen ones.
  const only = process.env.QA_PATH?.split(',');
  const paths = only
    ? uiPaths().filter((path) => only.includes(path.id))
    : await browserPaths(variant === 'desktop-en' ? 'transitions' : 'states');
  for (const verification of [true, false]) {
    test.describe(verification ? 'UI paths' : 'UI paths, on a site that does not verify emails', () => {
      if (!verification) test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_OPEN_PORT}` });
      // A path's members are real accounts; a subscriber pays on the sandbox's page first.
      test.describe.configure({ timeout: 60_000 });
      for (const path of paths.filter((candidate) => verifiesEmails(candidate) === verification)) {
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
