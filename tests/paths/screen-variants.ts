// The storyboard's screenshot variants and where each picture is kept (docs/statecharts/screens).
/** The screenshot variants: desktop in English, and a 375 px phone in Spanish. */
export const SCREEN_VARIANTS = ['desktop-en', 'mobile-es'] as const;
export type ScreenVariant = (typeof SCREEN_VARIANTS)[number];

/** The screenshot of a state (or of one of its moments), relative to docs/statecharts. */
export function screenshotFile(slug: string, state: string, variant: ScreenVariant, moment?: string): string {
  return `screens/${slug}/${state}${moment ? `~${moment}` : ''}--${variant}.png`;
}
