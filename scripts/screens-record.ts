// What the storyboard's screenshots were taken for (docs/statecharts/screens/storyboard.json): the
// storyboard's rows (state, moment and the words under each screenshot) and a digest per folder of the
// sources that draw the screens. The docs test fails when the rows differ (a screenshot is missing,
// left over, or captioned for another screen) and names the folders changed since, so a reviewer
// knows when the pictures may no longer show the screens.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { storyboard } from '../tests/paths/storyboard.ts';

export const SCREENS_RECORD = path.join('docs', 'statecharts', 'screens', 'storyboard.json');

/** The folders whose files draw what the screenshots show. */
export const SCREEN_SOURCES = ['src/app', 'src/components', 'src/features', 'src/screens', 'locales'];

export interface ScreensRecord {
  storyboard: Record<string, { state: string; moment?: string; sees: string }[]>;
  sources: Record<string, string>;
}

function digestOf(folder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => !/\.test\.tsx?$/.test(file) && /\.(tsx?|css|json)$/.test(file))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(folder, file)));
  return hash.digest('hex').slice(0, 16);
}

export function screensRecord(): ScreensRecord {
  return {
    storyboard: storyboard(),
    sources: Object.fromEntries(SCREEN_SOURCES.map((folder) => [folder, digestOf(folder)])),
  };
}
