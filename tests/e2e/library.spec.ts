// The members' area at 1280 px in English: tests/e2e/library-journey.ts says what each journey does.
import { test } from './flow-recorder.ts';
import { challengeJourney, ENGLISH, membershipJourney } from './library-journey.ts';

test.use({ locale: 'en-US' });
// A member pays on the sandbox's page and the portal before the journey goes on.
test.slow();

test('a challenge bought, day 1 started from the confirmation and done, day 2 opening the next day, then refunded and closed', async ({
  page,
  request,
}) => {
  await challengeJourney(page, request, ENGLISH);
});

test('a monthly member opens the library, cancels at the period end, keeps it until the end and loses it after', async ({
  page,
  request,
}) => {
  await membershipJourney(page, request, ENGLISH);
});
