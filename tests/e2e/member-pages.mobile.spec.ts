// A signed-in member's public pages at 375 px in Spanish (member-pages.ts).
import { test } from './flow-recorder.ts';
import { memberPageTests, SPANISH } from './member-pages.ts';

test.use({ locale: 'es-ES' });

memberPageTests(SPANISH);
