// A signed-in member's public pages at 1280 px in English (member-pages.ts).
import { test } from './flow-recorder.ts';
import { ENGLISH, memberPageTests } from './member-pages.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

memberPageTests(ENGLISH);
