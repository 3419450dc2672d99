import type { i18n } from 'i18next';
// Static: the landing sections already carry this small module (its catalogues are chunks of their
// own), so a dynamic import here would move nothing and only warn at build time.
import { signupModalTexts } from '../../features/lazy-texts/lazy-texts.ts';
import { PricingSection } from './home-screen.tsx';

/**
 * Loads Home's pricing part, its landing sections and the cards' texts in the page's language ahead of its render, so a
 * server render draws the prices and the browser hydrates them in place (decision 118). Kept apart
 * from the screen, so only the server's render and the hydration carry it.
 */
export function preloadPricing(i18n: i18n): Promise<unknown> {
  return Promise.all([PricingSection.preload?.(), signupModalTexts.load(i18n, i18n.language)]);
}
