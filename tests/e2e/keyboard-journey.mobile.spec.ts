// The whole member journey with the keyboard alone at 375 px in Spanish (keyboard-journey.ts).

import { expect, test } from './flow-recorder.ts';
import { expectFocusVisible, SPANISH, tabTo, walkTheJourney } from './keyboard-journey.ts';

test.use({ locale: 'es-ES' });

test('the whole journey with the keyboard alone at 375 px in Spanish, the profile through the nav menu', async ({
  page,
  request,
}) => {
  // The whole journey is a dozen pages: three times a test's wait (tests/e2e/waits.ts).
  test.slow();
  await walkTheJourney(page, request, SPANISH, async () => {
    // At this width the nav's menu button opens the list with the profile's link.
    const menu = page.getByRole('button', { name: 'Menú' });
    await tabTo(page, menu, 'Shift+Tab');
    await expectFocusVisible(menu);
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const profileLink = page.getByRole('link', { name: 'Perfil', exact: true });
    await tabTo(page, profileLink);
    await expectFocusVisible(profileLink);
    await page.keyboard.press('Enter');
  });
});
