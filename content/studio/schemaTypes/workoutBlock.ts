// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';
import { requiredInEnglish } from './rules';

export const workoutBlock = defineType({
  name: 'workoutBlock',
  title: 'Exercise',
  type: 'object',
  fields: [
    defineField({
      name: 'exercise',
      title: 'Exercise',
      type: 'localeString',
      validation: (rule) => rule.custom(requiredInEnglish),
    }),
    defineField({
      name: 'sets',
      title: 'Sets',
      type: 'number',
      validation: (rule) => rule.integer().min(1).max(20),
    }),
    defineField({
      name: 'reps',
      title: 'Reps',
      type: 'number',
      validation: (rule) => rule.integer().min(1).max(200),
    }),
    defineField({
      name: 'seconds',
      title: 'Seconds',
      description: 'For a timed exercise, in place of reps',
      type: 'number',
      validation: (rule) => rule.integer().min(5).max(3600),
    }),
    defineField({
      name: 'restSeconds',
      title: 'Rest (seconds)',
      type: 'number',
      validation: (rule) => rule.integer().min(0).max(600),
    }),
    defineField({
      name: 'note',
      title: 'Coaching note',
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
  ],
  preview: {
    select: {
      title: 'exercise.en',
    },
  },
});
