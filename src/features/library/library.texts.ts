// The members' area's texts (library.*) stay off the public first load, a chunk per language fetched
// when a library page first shows in it, as the signup modal's are (decision 083).
import { lazyTexts } from '../lazy-texts/lazy-texts.ts';

export const libraryTexts = lazyTexts({
  en: () => import('../../../locales/library/en.json'),
  es: () => import('../../../locales/library/es.json'),
});
