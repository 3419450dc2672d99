// The modal's own texts stay off the home route's first load (decision 062), and each language is a
// chunk of its own, fetched when the modal first shows in it or when the visitor switches to it
// (decision 083): a visitor downloads only the language they read. The catalogue is named with the
// site's other lazy catalogues (src/features/lazy-texts); these are its names as the modal uses them.
import { signupModalTexts } from '../lazy-texts/lazy-texts.ts';

/** Whether the modal's texts in `language` are in the instance's catalogue. */
export const hasSignupModalTexts = signupModalTexts.has;
/** Asks for the modal's texts in `language` ahead of their use. */
export const prefetchSignupModalTexts = signupModalTexts.prefetch;
/** Adds the modal's texts in `language` to the instance's catalogue, fetching them once. */
export const loadSignupModalTexts = signupModalTexts.load;
