// What the server can know of a page from its address alone: its screen and the API call the screen
// makes first, so the HTML shell can ask for both with the page instead of after the scripts
// (decision 084). The SPA's router takes the legal pages' addresses from here too.
import type { Locale } from './localized.ts';

/** The trainer a build sells for when none is given (VITE_TRAINER_ID). */
export const DEFAULT_TRAINER_ID = 'demo-trainer';
/** The shell's meta element naming the trainer the build sells for, which the server reads. */
export const TRAINER_ID_META = 'trainer-id';

/** The legal pages' addresses and the content page each shows. */
export const LEGAL_PAGES = [
  { path: '/privacy', slug: 'privacy', name: 'Privacy' },
  { path: '/privacy-policy', slug: 'privacy', name: 'Privacy' },
  { path: '/tos', slug: 'terms', name: 'Terms' },
  { path: '/terms-of-use', slug: 'terms', name: 'Terms' },
] as const;

// The app's own screens, whose data (if any) is a member's: nothing to ask for early.
const APP_SCREENS =
  /^\/(?:$|profile(?:\/.*)?$|library(?:\/.*)?$|confirmation$|email-verified$|reset-password$|(?:challenge|course)(?:\/[^/]+)?\/confirmation$)/;
const OFFER_SCREENS = /^\/(?:challenge|course)(?:\/[^/]+)?$/;

/** What a page needs first beyond the first load: its screen's code and its screen's first API call. */
export interface PageNeeds {
  /** The screen's module, from the project root (its chunk is named in the build's manifest). */
  screen: string;
  /** The API call the screen makes first, as the SPA's queries make it. */
  call: string;
}

export const CHALLENGE_SCREEN = 'src/screens/challenge/challenge-screen.tsx';
export const CONTENT_SCREEN = 'src/screens/content/content-page-screen.tsx';

/** What the page at `pathname` in `locale` needs first, if the address alone says. */
export function pageNeeds(pathname: string, locale: Locale, trainerId: string): PageNeeds | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (APP_SCREENS.test(path)) return null;
  if (OFFER_SCREENS.test(path)) {
    return {
      screen: CHALLENGE_SCREEN,
      call: `/api/trainer/${encodeURIComponent(trainerId)}/products?lang=${locale}`,
    };
  }
  const slug = LEGAL_PAGES.find((page) => page.path === path)?.slug ?? path.slice(1);
  return { screen: CONTENT_SCREEN, call: `/api/content/pages/${encodeURIComponent(slug)}?lang=${locale}` };
}
