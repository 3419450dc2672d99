// The whole member journey with the keyboard alone at 1280 px in English (keyboard-journey.ts).

import { test } from './flow-recorder.ts';
import { ENGLISH, expectFocusVisible, tabTo, walkTheJourney } from './keyboard-journey.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

test('the whole journey with the keyboard alone: signup, mailbox link, plans, sandbox payment, confirmation, profile', async ({
  page,
  request,
}) => {
  // The whole journey is a dozen pages: three times a test's wait (tests/e2e/waits.ts).
  test.slow();
  await walkTheJourney(page, request, ENGLISH, async () => {
    // The member's name in the nav is the link to the profile.
    const profileLink = page.getByRole('navigation').getByRole('link', { name: 'Keyboard Member' });
    await tabTo(page, profileLink, 'Shift+Tab');
    await expectFocusVisible(profileLink);
    await page.keyboard.press('Enter');
  });
});
