// At 375 px in Spanish, the rendered pages do not move while a slow network brings their HTML
// (layout-stability.ts).

import { test } from './flow-recorder.ts';
import { describeLayoutStability } from './layout-stability.ts';

test.use({ locale: 'es-ES' });

describeLayoutStability();
