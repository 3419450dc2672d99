// The members' pages hold their shape while their data loads, at 1280 px in English (skeletons.ts).
import { test } from './flow-recorder.ts';
import { visitEach } from './skeletons.ts';

test('the profile, the confirmation and the library show skeletons, then their content without a jump (CLS < 0.1)', async ({
  browser,
  page,
}, info) => {
  // Each page is loaded again with its data held back: five times a test's wait.
  test.setTimeout(info.timeout * 5);
  await visitEach(browser, page, info, 'en', { width: 1280, height: 800 });
});
