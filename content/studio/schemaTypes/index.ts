// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { banner } from './banner';
import { blockContent } from './blockContent';
import { home } from './home';
import { localeBlockContent } from './localeBlockContent';
import { localeString } from './localeString';
import { localeText } from './localeText';
import { newCheckout } from './newCheckout';
import { page } from './page';
import { promoCode } from './promoCode';
import { settings } from './settings';

export const schemaTypes = [
  settings,
  page,
  banner,
  promoCode,
  newCheckout,
  home,
  localeString,
  localeText,
  localeBlockContent,
  blockContent,
];
