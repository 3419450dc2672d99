// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';

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
      description: "The trainer's photo beside the promise (square or portrait reads best)",
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
    defineField({
      name: 'benefitsHeading',
      title: '"What you get" heading',
      type: 'localeString',
    }),
    defineField({
      name: 'benefits',
      title: 'What you get',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'homeBenefit',
        }),
      ],
      validation: (rule) => rule.max(8),
    }),
    defineField({
      name: 'testimonialsHeading',
      title: 'Results heading',
      type: 'localeString',
    }),
    defineField({
      name: 'testimonials',
      title: 'Results and testimonials',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'testimonial',
        }),
      ],
      validation: (rule) => rule.max(9),
    }),
    defineField({
      name: 'faqHeading',
      title: 'Questions heading',
      type: 'localeString',
    }),
    defineField({
      name: 'faq',
      title: 'Questions and answers',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'faqItem',
        }),
      ],
      validation: (rule) => rule.max(12),
    }),
    defineField({
      name: 'bioHeading',
      title: 'Bio heading',
      type: 'localeString',
    }),
    defineField({
      name: 'bioText',
      title: 'Short bio',
      type: 'localeText',
    }),
    defineField({
      name: 'bioImage',
      title: 'Bio photo',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
    defineField({
      name: 'bioImageAlt',
      title: 'Bio photo description',
      description: 'What the photo shows, read aloud by screen readers',
      type: 'localeString',
    }),
  ],
  preview: {
    select: {
      title: 'heroHeading.en',
    },
  },
});
