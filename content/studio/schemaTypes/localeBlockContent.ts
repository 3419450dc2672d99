// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';

export const localeBlockContent = defineType({
  name: 'localeBlockContent',
  title: 'Body in each language',
  type: 'object',
  fields: [
    defineField({
      name: 'en',
      title: 'English',
      type: 'blockContent',
    }),
    defineField({
      name: 'es',
      title: 'Spanish',
      type: 'blockContent',
    }),
  ],
});
