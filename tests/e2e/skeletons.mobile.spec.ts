// The members' pages hold their shape while their data loads, at 375 px in Spanish (skeletons.ts).
import { test } from './flow-recorder.ts';
import { visitEach } from './skeletons.ts';

test('el perfil, la confirmación y la biblioteca muestran su forma y luego su contenido sin saltos (CLS < 0,1)', async ({
  browser,
  page,
}, info) => {
  // Each page is loaded again with its data held back: five times a test's wait.
  test.setTimeout(info.timeout * 5);
  await visitEach(browser, page, info, 'es', { width: 375, height: 740 });
});
