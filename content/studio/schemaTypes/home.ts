// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';

export const home = defineType({
  name: 'home',
  title: 'Home page',
  type: 'object',
  fields: [
    defineField({
      name: 'heroHeading',
      title: 'Heading',
      type: 'localeString',
    }),
    defineField({
      name: 'heroSubText',
      title: 'Text below the heading',
      type: 'localeText',
    }),
    defineField({
      name: 'heroImage',
      title: 'Image',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
    defineField({
      name: 'pricingHeading',
      title: 'Pricing heading',
      type: 'localeString',
    }),
    defineField({
      name: 'pricingSubText',
      title: 'Text below the pricing heading',
      type: 'localeText',
    }),
  ],
  preview: {
    select: {
      title: 'heroHeading.en',
    },
  },
});
