// The storyboard of the statechart docs: for each chart, the states a member can see, each with a
// screenshot per variant taken by the browser paths (`npm run docs:screens`).
import { inBrowser, uiPaths } from './catalog.ts';

/** The screenshot variants: desktop in English, and a 375 px phone in Spanish. */
export const SCREEN_VARIANTS = ['desktop-en', 'mobile-es'] as const;
export type ScreenVariant = (typeof SCREEN_VARIANTS)[number];

export interface VisibleState {
  /** The state's path as the chart's states table writes it (`open.auth`). */
  state: string;
  /** What the member sees there, in plain words. */
  sees: string;
}

/** The screenshot of a state, relative to docs/statecharts. */
export function screenshotFile(slug: string, state: string, variant: ScreenVariant): string {
  return `screens/${slug}/${state}--${variant}.png`;
}

/**
 * The visible states of each chart with an executor table, by the chart's slug (see
 * machines/statecharts.ts), in the order the UI paths first show them; what the member sees is the
 * table's words. The flows a chart embeds (email verification, upgrade, checkout) show inside its
 * states, so their screens are in the embedding chart's storyboard. Only the paths Chromium can
 * replay count: the screenshots are taken there (the address chart's paths run in components only).
 */
export function storyboard(): Record<string, VisibleState[]> {
  const board: Record<string, VisibleState[]> = {};
  for (const path of uiPaths().filter(inBrowser)) {
    const states = board[path.chart] ?? [];
    board[path.chart] = states;
    for (const step of path.steps) {
      if (!step.sight || states.some((known) => known.state === step.state)) continue;
      states.push({ state: step.state, sees: step.sight.says });
    }
  }
  return board;
}
