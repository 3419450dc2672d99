// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const programDay = defineType({
  name: 'programDay',
  title: 'Day',
  type: 'object',
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'summary',
      title: 'Short text',
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
      type: 'array',
      of: [
        defineArrayMember({
          type: 'workoutBlock',
        }),
      ],
      validation: (rule) => rule.max(20),
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
    },
  },
});
