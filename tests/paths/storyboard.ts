// The storyboard of the statechart docs: for each chart, the states a member can see, each with a
// screenshot per variant taken by the browser paths (`npm run docs:screens`), and a few moments a
// state shows in more than one way (tests/paths/storyboard-moments.ts), then the pictures the browser journeys take.
import { inBrowser, showsAt, type UiPath, uiPaths } from './catalog.ts';
import { SCREEN_VARIANTS, type ScreenVariant, screenshotFile } from './screen-variants.ts';
import { JOURNEY_PICTURES } from './storyboard-journeys.ts';
import { MOMENTS, type Moment } from './storyboard-moments.ts';
import { pressesPhoneOnly } from './ui.ts';

export { SCREEN_VARIANTS, type ScreenVariant, screenshotFile };

export interface VisibleState {
  /** The state's path as the chart's states table writes it (`open.auth`). */
  state: string;
  /** What the member sees there, in plain words. */
  sees: string;
  /** A moment of the state's (see `MOMENTS`): its own screenshot beside the state's. */
  moment?: string;
  /** Only on a phone: the paths that show it press the nav's menu, which a desktop does not show. */
  phoneOnly?: boolean;
  /** Only on a desktop: the journey that shows it runs at 1280 px in English alone. */
  desktopOnly?: boolean;
}

/** The variants a row of the storyboard has a screenshot in. */
export const variantsOf = (visible: VisibleState): readonly ScreenVariant[] =>
  visible.phoneOnly ? ['mobile-es'] : visible.desktopOnly ? ['desktop-en'] : SCREEN_VARIANTS;

export { MOMENTS, type Moment };

/** The moments step `index` of the path shows. */
export function momentsAt(path: UiPath, index: number): Moment[] {
  return MOMENTS.filter((moment) => moment.chart === path.chart && moment.shownBy(path, index));
}

/** For each moment, the first path Chromium can replay that shows it, and where. */
export function momentPaths(): {
  moment: Moment;
  path: UiPath;
  index: number;
}[] {
  return MOMENTS.flatMap((moment) => {
    for (const path of uiPaths().filter(
      (candidate) => candidate.chart === moment.chart && inBrowser(candidate),
    ))
      for (const index of path.steps.keys())
        if (moment.shownBy(path, index)) return [{ moment, path, index }];
    return [];
  });
}

/**
 * The visible states of each chart with an executor table, by the chart's slug (see
 * machines/statecharts.ts), in the order the UI paths first show them, each followed by its moments;
 * what the member sees is the table's words. The flows a chart embeds (email verification, upgrade,
 * checkout) show inside its states, so their screens are in the embedding chart's storyboard. Only
 * the paths Chromium can replay count: the screenshots are taken there. The charts Chromium replays
 * no path of have the pictures their browser journeys take (tests/paths/storyboard-journeys.ts).
 */
export function storyboard(): Record<string, VisibleState[]> {
  const board: Record<string, VisibleState[]> = {};
  // The paths a desktop can replay first, so a state they show has its screenshot in both variants.
  const runnable = uiPaths().filter(inBrowser);
  const phone = (path: UiPath) => pressesPhoneOnly(path.steps);
  for (const path of [...runnable.filter((path) => !phone(path)), ...runnable.filter(phone)]) {
    const states = board[path.chart] ?? [];
    board[path.chart] = states;
    for (const [index, step] of path.steps.entries()) {
      // Only what a screenshot can show: not a state the next step leaves at once.
      if (!step.sight || !showsAt(path, index) || states.some((known) => known.state === step.state))
        continue;
      states.push({
        state: step.state,
        sees: step.sight.says,
        ...(phone(path) ? { phoneOnly: true } : {}),
      });
    }
  }
  for (const { moment, path, index } of momentPaths()) {
    const states = board[moment.chart] ?? [];
    const at = states.findLastIndex((known) => known.state === moment.state);
    const sees = `${moment.label}: ${path.steps[index]?.sight?.says ?? ''}`;
    states.splice(at + 1, 0, {
      state: moment.state,
      sees,
      moment: moment.moment,
    });
  }
  for (const { chart, state, sees, variants } of JOURNEY_PICTURES) {
    const only = variants.length === 1 ? variants[0] : undefined;
    board[chart] = [
      ...(board[chart] ?? []),
      {
        state,
        sees,
        ...(only === 'mobile-es' ? { phoneOnly: true } : {}),
        ...(only === 'desktop-en' ? { desktopOnly: true } : {}),
      },
    ];
  }
  return board;
}
