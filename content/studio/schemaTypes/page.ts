// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';
import { pageAddress, requiredInEnglish } from './rules';

export const page = defineType({
  name: 'page',
  title: 'Page',
  type: 'document',
  fields: [
    defineField({
      name: 'pageName',
      title: 'Page name',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'slug',
      title: 'Address',
      description: 'The page is at /<address>, such as /privacy',
      type: 'slug',
      options: {
        source: 'pageName.en',
        maxLength: 200,
      },
      validation: (rule) => rule.required().custom(pageAddress),
    }),
    defineField({
      name: 'body',
      title: 'Body',
      type: 'localeBlockContent',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
  ],
  preview: {
    select: {
      title: 'pageName.en',
      subtitle: 'slug.current',
    },
  },
});
