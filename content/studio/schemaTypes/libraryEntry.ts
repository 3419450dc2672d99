// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { requiredInEnglish, slugShape } from './rules';

export const libraryEntry = defineType({
  name: 'libraryEntry',
  title: 'Library entry',
  type: 'document',
  fields: [
    defineField({
      name: 'kind',
      title: 'Kind',
      type: 'string',
      options: {
        list: [
          {
            value: 'workout',
            title: 'Workout',
          },
          {
            value: 'article',
            title: 'Article',
          },
          {
            value: 'plan',
            title: 'Weekly plan',
          },
        ],
        layout: 'radio',
      },
      initialValue: 'workout',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'slug',
      title: 'Address',
      description: 'The entry is at /library/<kind>/<address>',
      type: 'slug',
      options: {
        source: 'title.en',
        maxLength: 96,
      },
      validation: (rule) => rule.required().custom(slugShape),
    }),
    defineField({
      name: 'title',
      title: 'Title',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'summary',
      title: 'Summary',
      type: 'localeText',
    }),
    defineField({
      name: 'image',
      title: 'Image',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
    defineField({
      name: 'video',
      title: 'Video',
      type: 'video',
    }),
    defineField({
      name: 'blocks',
      title: 'Workout',
      description: 'The exercises of a workout',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'workoutBlock',
        }),
      ],
      validation: (rule) => rule.max(20),
    }),
    defineField({
      name: 'body',
      title: 'Body',
      description: 'The text of an article or a weekly plan',
      type: 'localeBlockContent',
    }),
    defineField({
      name: 'plans',
      title: 'Only for the plans',
      description: 'Price lookup keys (monthly, annual…); none: every plan of the membership',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'string',
          validation: (rule) =>
            rule.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, { name: '1 to 80 letters, digits, - or _' }),
        }),
      ],
      options: {
        layout: 'tags',
      },
    }),
    defineField({
      name: 'position',
      title: 'Position',
      description: 'The library lists the lower first',
      type: 'number',
      validation: (rule) => rule.integer().min(0).max(10000),
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
      subtitle: 'slug.current',
    },
  },
});
