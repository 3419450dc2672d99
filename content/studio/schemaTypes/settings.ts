// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';

export const settings = defineType({
  name: 'settings',
  title: 'Site settings',
  type: 'document',
  fields: [
    defineField({
      name: 'siteName',
      title: 'Site name',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'icon',
      title: 'Icon',
      description: 'The logo in the navigation bar',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
    defineField({
      name: 'favicon',
      title: 'Favicon',
      description: 'Square, 32×32 or larger',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
    defineField({
      name: 'primaryColor',
      title: 'Primary colour',
      type: 'color',
      options: {
        disableAlpha: true,
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'secondaryColor',
      title: 'Secondary colour',
      type: 'color',
      options: {
        disableAlpha: true,
      },
    }),
    defineField({
      name: 'instagramUrl',
      title: 'Instagram URL',
      type: 'url',
      validation: (rule) => rule.uri({ scheme: ['https'] }),
    }),
    defineField({
      name: 'facebookUrl',
      title: 'Facebook URL',
      type: 'url',
      validation: (rule) => rule.uri({ scheme: ['https'] }),
    }),
    defineField({
      name: 'twitterUrl',
      title: 'X (Twitter) URL',
      type: 'url',
      validation: (rule) => rule.uri({ scheme: ['https'] }),
    }),
    defineField({
      name: 'youtubeUrl',
      title: 'YouTube URL',
      type: 'url',
      validation: (rule) => rule.uri({ scheme: ['https'] }),
    }),
    defineField({
      name: 'supportEmail',
      title: 'Support email',
      type: 'email',
    }),
    defineField({
      name: 'showFooter',
      title: 'Show the footer',
      type: 'boolean',
      initialValue: true,
    }),
    defineField({
      name: 'enableEmailVerification',
      title: 'Ask new members to verify their email',
      type: 'boolean',
      initialValue: false,
    }),
    defineField({
      name: 'banner',
      title: 'Promotion banner',
      type: 'banner',
    }),
    defineField({
      name: 'promoCode',
      title: 'Promotion code',
      type: 'promoCode',
    }),
    defineField({
      name: 'newCheckout',
      title: 'Checkout',
      type: 'newCheckout',
    }),
    defineField({
      name: 'home',
      title: 'Home page',
      type: 'home',
    }),
  ],
});
