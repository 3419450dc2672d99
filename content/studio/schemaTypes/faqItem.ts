// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const faqItem = defineType({
  name: 'faqItem',
  title: 'Question',
  type: 'object',
  fields: [
    defineField({
      name: 'question',
      title: 'Question',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'answer',
      title: 'Answer',
      type: 'localeText',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
  ],
  preview: {
    select: {
      title: 'question.en',
    },
  },
});
