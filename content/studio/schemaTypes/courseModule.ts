// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const courseModule = defineType({
  name: 'courseModule',
  title: 'Module',
  type: 'object',
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'lessons',
      title: 'Lessons',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'lesson',
        }),
      ],
      validation: (rule) => rule.required().min(1).max(50),
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
    },
  },
});
