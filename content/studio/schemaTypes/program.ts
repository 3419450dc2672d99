// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const program = defineType({
  name: 'program',
  title: 'Challenge program',
  type: 'document',
  fields: [
    defineField({
      name: 'product',
      title: 'Product',
      description: "The challenge's product in the catalogue, by its slug (such as 30-day-shred)",
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
      name: 'startsOn',
      title: 'Day 1 counts from',
      type: 'string',
      options: {
        list: [
          {
            value: 'firstOpen',
            title: 'The day the member first opens it',
          },
          {
            value: 'purchase',
            title: 'The day of the purchase',
          },
        ],
        layout: 'radio',
      },
      initialValue: 'firstOpen',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'days',
      title: 'Days',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'programDay',
        }),
      ],
      validation: (rule) => rule.required().min(1).max(366),
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
      subtitle: 'product',
    },
  },
});
