// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const course = defineType({
  name: 'course',
  title: 'Course',
  type: 'document',
  fields: [
    defineField({
      name: 'product',
      title: 'Product',
      description: "The course's product in the catalogue, by its slug (such as 30-day-shred)",
      type: 'string',
      validation: (rule) =>
        rule
          .required()
          .max(80)
          .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, { name: '1 to 80 letters, digits, - or _' }),
    }),
    defineField({
      name: 'title',
      title: 'Title',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'localeText',
    }),
    defineField({
      name: 'drip',
      title: 'Modules open',
      type: 'string',
      options: {
        list: [
          {
            value: 'none',
            title: 'All at once',
          },
          {
            value: 'weekly',
            title: 'One a week from the start',
          },
        ],
        layout: 'radio',
      },
      initialValue: 'none',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'modules',
      title: 'Modules',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'courseModule',
        }),
      ],
      validation: (rule) => rule.required().min(1).max(52),
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
      subtitle: 'product',
    },
  },
});
