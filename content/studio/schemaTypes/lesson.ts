// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const lesson = defineType({
  name: 'lesson',
  title: 'Lesson',
  type: 'object',
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'body',
      title: 'Body',
      type: 'localeBlockContent',
      validation: (rule) => rule.custom(requiredInEnglish),
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
      name: 'files',
      title: 'Downloads',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'download',
        }),
      ],
      validation: (rule) => rule.max(10),
    }),
  ],
  preview: {
    select: {
      title: 'title.en',
    },
  },
});
