// The modal's own texts stay off the home route's first load (decision 062), and each language is a
// chunk of its own, fetched when the modal first shows in it or when the visitor switches to it
// (decision 083): a visitor downloads only the language they read. They join the `translation`
// namespace under signup.*, plans.*, checkout.*, upgrade.*, and pricing.* (the home page's pricing
// section draws the same plan cards, decision 115).
import { lazyTexts } from '../lazy-texts/lazy-texts.ts';

const texts = lazyTexts({
  en: () => import('../../../locales/signup-modal/en.json'),
  es: () => import('../../../locales/signup-modal/es.json'),
});

/** Whether the modal's texts in `language` are in the instance's catalogue. */
export const hasSignupModalTexts = texts.has;
/** Asks for the modal's texts in `language` ahead of their use. */
export const prefetchSignupModalTexts = texts.prefetch;
/** Adds the modal's texts in `language` to the instance's catalogue, fetching them once. */
export const loadSignupModalTexts = texts.load;
/** The modal's texts, for `useLazyTexts`. */
export const signupModalTexts = texts;
