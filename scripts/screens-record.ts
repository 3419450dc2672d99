// What the storyboard's screenshots were taken for (docs/statecharts/screens/storyboard.json): the
// storyboard's rows (state, moment and the words under each screenshot), every state of every chart
// with how it is pictured (its own picture, another state's, or none, with a reason), and a digest per
// folder of the sources that draw the screens. The docs test fails when the rows or the states differ
// (a screenshot is missing, left over, or captioned for another screen; a state added, renamed or
// pictured otherwise since) and names the folders changed since, so a reviewer knows when the
// pictures may no longer show the screens.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { statecharts } from '../machines/statecharts.ts';
import { pictureCover } from '../tests/paths/picture-cover.ts';
import { storyboard } from '../tests/paths/storyboard.ts';

export const SCREENS_RECORD = path.join('docs', 'statecharts', 'screens', 'storyboard.json');

/** The folders whose files draw what the screenshots show. */
export const SCREEN_SOURCES = ['src/app', 'src/components', 'src/features', 'src/screens', 'locales'];

export interface ScreensRecord {
  storyboard: Record<string, { state: string; moment?: string; sees: string }[]>;
  /** Per chart, each state's path ('' for the chart's own box) and how it is pictured. */
  states: Record<string, Record<string, string>>;
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

/** How each state of a chart is pictured, in a word or a name: what its pictures were taken for. */
function picturedStates(slug: string): Record<string, string> {
  return Object.fromEntries(
    pictureCover(slug).map((cover) => {
      if ('pictures' in cover) return [cover.state, 'picture'];
      if ('shownAs' in cover) {
        const { chart, state, moment } = cover.shownAs;
        return [cover.state, `as ${chart} ${state}${moment ? `~${moment}` : ''}`];
      }
      return [cover.state, 'box' in cover ? 'its states' : 'no picture'];
    }),
  );
}

export function screensRecord(): ScreensRecord {
  return {
    storyboard: storyboard(),
    states: Object.fromEntries(statecharts.map(({ slug }) => [slug, picturedStates(slug)])),
    sources: Object.fromEntries(SCREEN_SOURCES.map((folder) => [folder, digestOf(folder)])),
  };
}
