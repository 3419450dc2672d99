// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
import { defineField, defineType } from 'sanity';

export const promoCode = defineType({
  name: 'promoCode',
  title: 'Promotion code',
  type: 'object',
  fields: [
    defineField({
      name: 'promoCode',
      title: 'Code',
      description: 'A coupon code of the payment provider, applied at checkout',
      type: 'string',
      validation: (rule) => rule.max(50).regex(/^[A-Za-z0-9_-]+$/, { name: 'letters, digits, - and _' }),
    }),
  ],
});
