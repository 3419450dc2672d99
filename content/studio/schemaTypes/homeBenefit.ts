// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const homeBenefit = defineType({
  name: 'homeBenefit',
  title: 'What you get',
  type: 'object',
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'text',
      title: 'Text',
      type: 'localeText',
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
    },
  },
});
