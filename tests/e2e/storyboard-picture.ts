// Takes a storyboard picture in a browser journey (tests/paths/storyboard-journeys.ts says which),
// when `npm run docs:screens` runs the journey: a 375 px page is the Spanish variant, a wider one the
// English desktop. A picture already taken in this run is kept, as the UI paths keep theirs.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotFile } from '../paths/screen-variants.ts';
import { JOURNEY_PICTURES, type JourneyPicture } from '../paths/storyboard-journeys.ts';
import { keepScreenshot } from './fixtures.ts';

export async function storyboardPicture(
  page: Page,
  chart: JourneyPicture['chart'],
  state: string,
): Promise<void> {
  const screens = process.env.SCREENS_DIR;
  if (!screens) return;
  const variant = (page.viewportSize()?.width ?? 1280) <= 375 ? 'mobile-es' : 'desktop-en';
  const listed = JOURNEY_PICTURES.find((entry) => entry.chart === chart && entry.state === state);
  if (!listed?.variants.includes(variant))
    throw new Error(`${chart} ${state} (${variant}) is not among the journeys' storyboard pictures`);
  const file = path.join(screens, screenshotFile(chart, state, variant));
  if (existsSync(file)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  // The end of a dialog's or a calendar's fade-in, as a reader sees it.
  writeFileSync(file, await keepScreenshot(page, { animations: 'disabled' }));
}
