// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';
import { matchesSibling } from './rules';

const idPatterns = {
  youtube: {
    regex: /^[A-Za-z0-9_-]{11}$/,
    name: 'a YouTube video id (11 letters, digits, - or _)',
  },
  vimeo: {
    regex: /^[0-9]{6,12}$/,
    name: 'a Vimeo video number',
  },
  mux: {
    regex: /^[A-Za-z0-9]{20,64}$/,
    name: 'a Mux playback id',
  },
};

export const video = defineType({
  name: 'video',
  title: 'Video',
  type: 'object',
  fields: [
    defineField({
      name: 'provider',
      title: 'Provider',
      type: 'string',
      options: {
        list: [
          {
            value: 'youtube',
            title: 'YouTube',
          },
          {
            value: 'vimeo',
            title: 'Vimeo',
          },
          {
            value: 'mux',
            title: 'Mux',
          },
        ],
        layout: 'radio',
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'id',
      title: 'Video id',
      description: "The id in the provider's address, or the Mux playback id",
      type: 'string',
      validation: (rule) => rule.required().custom(matchesSibling('provider', idPatterns)),
    }),
    defineField({
      name: 'poster',
      title: 'Poster',
      description: 'Shown before the video plays',
      type: 'image',
      options: {
        hotspot: true,
      },
    }),
  ],
});
