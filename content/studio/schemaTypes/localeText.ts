// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';

export const localeText = defineType({
  name: 'localeText',
  title: 'Text in each language',
  type: 'object',
  fields: [
    defineField({
      name: 'en',
      title: 'English',
      type: 'text',
    }),
    defineField({
      name: 'es',
      title: 'Spanish',
      type: 'text',
    }),
  ],
});
