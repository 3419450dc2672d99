// The storyboard of the statechart docs: for each chart, the states a member can see, each with a
// screenshot per variant taken by the browser paths (`npm run docs:screens`).

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

/** The visible states of each chart, by the chart's slug (see machines/statecharts.ts). */
export function storyboard(): Record<string, VisibleState[]> {
  return {};
}
