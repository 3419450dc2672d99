// Before the app's scripts run, at 375 px in Spanish, the rendered pages' buttons read and show
// their focus (first-paint.ts).
import { describeFirstPaint } from './first-paint.ts';
import { test } from './flow-recorder.ts';

test.use({ locale: 'es-ES' });

describeFirstPaint();
