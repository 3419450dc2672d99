// At 1280 px in English, the rendered pages do not move while a slow network brings their HTML
// (layout-stability.ts).

import { test } from './flow-recorder.ts';
import { describeLayoutStability } from './layout-stability.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

describeLayoutStability();
