// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { banner } from './banner';
import { blockContent } from './blockContent';
import { course } from './course';
import { courseModule } from './courseModule';
import { download } from './download';
import { faqItem } from './faqItem';
import { home } from './home';
import { homeBenefit } from './homeBenefit';
import { lesson } from './lesson';
import { libraryEntry } from './libraryEntry';
import { localeBlockContent } from './localeBlockContent';
import { localeString } from './localeString';
import { localeText } from './localeText';
import { newCheckout } from './newCheckout';
import { page } from './page';
import { program } from './program';
import { programDay } from './programDay';
import { promoCode } from './promoCode';
import { settings } from './settings';
import { testimonial } from './testimonial';
import { video } from './video';
import { workoutBlock } from './workoutBlock';

export const schemaTypes = [
  settings,
  page,
  banner,
  promoCode,
  newCheckout,
  home,
  homeBenefit,
  testimonial,
  faqItem,
  program,
  programDay,
  workoutBlock,
  course,
  courseModule,
  lesson,
  download,
  libraryEntry,
  video,
  localeString,
  localeText,
  localeBlockContent,
  blockContent,
];
