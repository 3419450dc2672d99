// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';
import { notBefore, requiredInEnglish } from './rules';

export const banner = defineType({
  name: 'banner',
  title: 'Promotion banner',
  type: 'object',
  fields: [
    defineField({
      name: 'bannerTitle',
      title: 'Title',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'promoStartDate',
      title: 'Shown from',
      type: 'datetime',
    }),
    defineField({
      name: 'promoEndDate',
      title: 'Shown until',
      type: 'datetime',
      validation: (rule) => rule.custom(notBefore('promoStartDate')),
    }),
    defineField({
      name: 'bannerBGColor',
      title: 'Background colour',
      type: 'color',
      options: {
        disableAlpha: true,
      },
    }),
    defineField({
      name: 'bannerTitleColor',
      title: 'Title colour',
      type: 'color',
      options: {
        disableAlpha: true,
      },
    }),
    defineField({
      name: 'bannerButtonText',
      title: 'Button text',
      type: 'localeString',
    }),
  ],
  preview: {
    select: {
      title: 'bannerTitle.en',
    },
  },
});
