// Undoing a scheduled cancellation on a desktop, in English (tests/e2e/undo-journey.ts).
import { test } from './flow-recorder.ts';
import { undoJourney } from './undo-journey.ts';

test.use({ locale: 'en-US' });

test('cancels in the portal with a reason, then keeps the membership from Manage My Subscription', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  await undoJourney(page, request, 'en', (name) => info.outputPath(`undo-desktop-en-${name}.png`));
});
