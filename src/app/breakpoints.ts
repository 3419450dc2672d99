// The spec's breakpoints: mobile up to 600 px, tablet 601 to 768 px, desktop wider than 768 px, and
// a tablet override from 601 to 1100 px. Mantine's breakpoints are "from" widths in em (16 px).
export const MOBILE_MAX_PX = 600;
export const TABLET_MAX_PX = 768;
export const TABLET_OVERRIDE_MAX_PX = 1100;

const em = (px: number) => `${px / 16}em`;

export const MANTINE_BREAKPOINTS = {
  xs: em(MOBILE_MAX_PX + 1),
  sm: em(TABLET_MAX_PX + 1),
  md: em(TABLET_OVERRIDE_MAX_PX + 1),
  lg: em(1280),
  xl: em(1440),
};

/** Desktop: the user's name and avatar; below it, a menu. */
export const DESKTOP_QUERY = `(min-width: ${TABLET_MAX_PX + 1}px)`;
