// Before the app's scripts run, at 1280 px in English, the rendered pages' buttons read and show
// their focus (first-paint.ts).
import { describeFirstPaint } from './first-paint.ts';
import { test } from './flow-recorder.ts';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 800 } });

describeFirstPaint();
