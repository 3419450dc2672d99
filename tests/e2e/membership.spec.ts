// Pause, resume and the cancel button's offer on a desktop, in English (tests/e2e/membership-journey.ts).
import { test } from './flow-recorder.ts';
import { membershipJourney } from './membership-journey.ts';

test.use({ locale: 'en-US' });

test('pauses in the portal and sees it on the profile, calls it off, pauses and resumes early, then takes the offer', async ({
  page,
  request,
}, info) => {
  test.slow();
  await membershipJourney(page, request, 'en', (name) =>
    info.outputPath(`membership-desktop-en-${name}.png`),
  );
});
