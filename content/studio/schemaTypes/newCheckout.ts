// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';

export const newCheckout = defineType({
  name: 'newCheckout',
  title: 'Checkout',
  type: 'object',
  fields: [
    defineField({
      name: 'checkoutImage',
      title: 'Image',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
    defineField({
      name: 'subscriptionHeaderText',
      title: 'Heading',
      type: 'localeString',
    }),
    defineField({
      name: 'subscriptionSubText',
      title: 'Text below the heading',
      type: 'localeText',
    }),
    defineField({
      name: 'subscriptionButtonText',
      title: 'Button text',
      type: 'localeString',
    }),
  ],
  preview: {
    select: {
      title: 'subscriptionHeaderText.en',
    },
  },
});
