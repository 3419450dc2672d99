// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineArrayMember, defineField, defineType } from 'sanity';

export const blockContent = defineType({
  name: 'blockContent',
  title: 'Body',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        {
          title: 'Normal',
          value: 'normal',
        },
        {
          title: 'Heading 1',
          value: 'h1',
        },
        {
          title: 'Heading 2',
          value: 'h2',
        },
        {
          title: 'Heading 3',
          value: 'h3',
        },
        {
          title: 'Heading 4',
          value: 'h4',
        },
        {
          title: 'Quote',
          value: 'blockquote',
        },
      ],
      lists: [
        {
          title: 'Bullets',
          value: 'bullet',
        },
        {
          title: 'Numbers',
          value: 'number',
        },
      ],
      marks: {
        decorators: [
          {
            title: 'Strong',
            value: 'strong',
          },
          {
            title: 'Emphasis',
            value: 'em',
          },
          {
            title: 'Underline',
            value: 'underline',
          },
          {
            title: 'Code',
            value: 'code',
          },
          {
            title: 'Strike',
            value: 'strike-through',
          },
        ],
        annotations: [
          {
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: 'URL',
                type: 'url',
                validation: (rule) => rule.uri({ scheme: ['http', 'https', 'mailto'], allowRelative: true }),
              }),
            ],
          },
        ],
      },
    }),
    defineArrayMember({
      type: 'image',
      options: {
        hotspot: true,
      },
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
        }),
      ],
    }),
  ],
});
