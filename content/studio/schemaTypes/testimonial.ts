// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'object',
  fields: [
    defineField({
      name: 'quote',
      title: 'Quote',
      type: 'localeText',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'name',
      title: "Member's name",
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'result',
      title: 'Result',
      description: 'Such as "−8 kg in 12 weeks"',
      type: 'localeString',
    }),
    defineField({
      name: 'photo',
      title: 'Photo',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
  ],
  preview: {
    select: {
      title: 'result.en',
    },
  },
});
