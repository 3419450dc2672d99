// The content model: every CMS document type and field the site reads, written once. The Sanity
// studio schema (content/studio/schemaTypes, `npm run content -- schema`), the check of the embedded
// dataset and of imported ones (model-check.ts), and the tests that hold the model to the GROQ
// queries and to the content service are all derived from it, so the demo dataset and a trainer's
// studio cannot drift apart (decision 123).
import type { Locale } from '../../domain/localized.ts';
import type { ContentType } from './model-kinds.ts';
import { LIBRARY_TYPES } from './model-library.ts';

export type { ContentType, Field, FieldKind } from './model-kinds.ts';

export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Spanish' };

/** The per-language wrappers, one field per language of domain/localized.ts. */
export const LOCALE_TYPES = {
  localeString: 'string',
  localeText: 'text',
  localeBlockContent: 'blockContent',
} as const;

/** Portable Text as the content page renders it (src/screens/content/content-page-screen.tsx). */
export const BLOCK_CONTENT = {
  styles: ['normal', 'h1', 'h2', 'h3', 'h4', 'blockquote'],
  lists: ['bullet', 'number'],
  decorators: ['strong', 'em', 'underline', 'code', 'strike-through'],
  link: { schemes: ['http', 'https', 'mailto'], relative: true },
} as const;

const HTTPS = ['https'] as const;

/**
 * Slugs a page cannot take: the site's own routes (src/app/router.tsx) and the server's paths
 * (server/site/shell.ts) answer there first, so such a page could never be reached.
 */
export const RESERVED_SLUGS = [
  'api',
  'assets',
  'challenge',
  'confirmation',
  'content-assets',
  'course',
  'demo-images',
  'dev',
  'docs',
  'email-verified',
  'library',
  'profile',
  'reset-password',
  'sandbox',
] as const;

/** A slug is one lower-case path segment, as short as the contract's page path (200). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CONTENT_TYPES: readonly ContentType[] = [
  {
    name: 'settings',
    title: 'Site settings',
    kind: 'document',
    fields: [
      { name: 'siteName', title: 'Site name', type: 'string', max: 80, required: true },
      { name: 'icon', title: 'Icon', type: 'image', description: 'The logo in the navigation bar' },
      { name: 'favicon', title: 'Favicon', type: 'image', description: 'Square, 32×32 or larger' },
      { name: 'primaryColor', title: 'Primary colour', type: 'color', required: true },
      { name: 'secondaryColor', title: 'Secondary colour', type: 'color' },
      { name: 'instagramUrl', title: 'Instagram URL', type: 'url', schemes: HTTPS },
      { name: 'facebookUrl', title: 'Facebook URL', type: 'url', schemes: HTTPS },
      { name: 'twitterUrl', title: 'X (Twitter) URL', type: 'url', schemes: HTTPS },
      { name: 'youtubeUrl', title: 'YouTube URL', type: 'url', schemes: HTTPS },
      { name: 'supportEmail', title: 'Support email', type: 'email' },
      { name: 'showFooter', title: 'Show the footer', type: 'boolean', initial: true },
      {
        name: 'enableEmailVerification',
        title: 'Ask new members to verify their email',
        type: 'boolean',
        initial: false,
      },
      { name: 'banner', title: 'Promotion banner', type: 'object', of: 'banner' },
      { name: 'promoCode', title: 'Promotion code', type: 'object', of: 'promoCode' },
      { name: 'newCheckout', title: 'Checkout', type: 'object', of: 'newCheckout' },
      { name: 'home', title: 'Home page', type: 'object', of: 'home' },
    ],
  },
  {
    name: 'page',
    title: 'Page',
    kind: 'document',
    fields: [
      { name: 'pageName', title: 'Page name', type: 'localeString', required: true },
      {
        name: 'slug',
        title: 'Address',
        description: 'The page is at /<address>, such as /privacy',
        type: 'slug',
        source: 'pageName.en',
        max: 200,
        reserved: RESERVED_SLUGS,
        required: true,
      },
      { name: 'body', title: 'Body', type: 'localeBlockContent', required: true },
    ],
  },
  {
    name: 'banner',
    title: 'Promotion banner',
    kind: 'object',
    fields: [
      { name: 'bannerTitle', title: 'Title', type: 'localeString', required: true },
      { name: 'promoStartDate', title: 'Shown from', type: 'datetime' },
      { name: 'promoEndDate', title: 'Shown until', type: 'datetime', after: 'promoStartDate' },
      { name: 'bannerBGColor', title: 'Background colour', type: 'color' },
      { name: 'bannerTitleColor', title: 'Title colour', type: 'color' },
      { name: 'bannerButtonText', title: 'Button text', type: 'localeString' },
    ],
  },
  {
    name: 'promoCode',
    title: 'Promotion code',
    kind: 'object',
    fields: [
      {
        name: 'promoCode',
        title: 'Code',
        description: 'A coupon code of the payment provider, applied at checkout',
        type: 'string',
        max: 50,
        pattern: { regex: /^[A-Za-z0-9_-]+$/, name: 'letters, digits, - and _' },
      },
    ],
  },
  {
    name: 'newCheckout',
    title: 'Checkout',
    kind: 'object',
    fields: [
      { name: 'checkoutImage', title: 'Image', type: 'image' },
      { name: 'subscriptionHeaderText', title: 'Heading', type: 'localeString' },
      { name: 'subscriptionSubText', title: 'Text below the heading', type: 'localeText' },
      { name: 'subscriptionButtonText', title: 'Button text', type: 'localeString' },
    ],
  },
  {
    name: 'home',
    title: 'Home page',
    kind: 'object',
    fields: [
      { name: 'heroHeading', title: 'Heading', type: 'localeString' },
      { name: 'heroSubText', title: 'Text below the heading', type: 'localeText' },
      {
        name: 'heroImage',
        title: 'Image',
        description: "The trainer's photo beside the promise (square or portrait reads best)",
        type: 'image',
      },
      { name: 'pricingHeading', title: 'Pricing heading', type: 'localeString' },
      { name: 'pricingSubText', title: 'Text below the pricing heading', type: 'localeText' },
      // The landing page's sections below the prices (decision 150): each one shows only when it has
      // content, so a trainer fills in what they have and the page never shows an empty heading.
      { name: 'benefitsHeading', title: '"What you get" heading', type: 'localeString' },
      { name: 'benefits', title: 'What you get', type: 'array', of: 'homeBenefit', max: 8 },
      { name: 'testimonialsHeading', title: 'Results heading', type: 'localeString' },
      { name: 'testimonials', title: 'Results and testimonials', type: 'array', of: 'testimonial', max: 9 },
      { name: 'faqHeading', title: 'Questions heading', type: 'localeString' },
      { name: 'faq', title: 'Questions and answers', type: 'array', of: 'faqItem', max: 12 },
      { name: 'bioHeading', title: 'Bio heading', type: 'localeString' },
      { name: 'bioText', title: 'Short bio', type: 'localeText' },
      { name: 'bioImage', title: 'Bio photo', type: 'image' },
      {
        name: 'bioImageAlt',
        title: 'Bio photo description',
        description: 'What the photo shows, read aloud by screen readers',
        type: 'localeString',
      },
    ],
  },
  {
    name: 'homeBenefit',
    title: 'What you get',
    kind: 'object',
    fields: [
      { name: 'title', title: 'Title', type: 'localeString', required: true },
      { name: 'text', title: 'Text', type: 'localeText' },
    ],
  },
  {
    name: 'testimonial',
    title: 'Testimonial',
    kind: 'object',
    fields: [
      { name: 'quote', title: 'Quote', type: 'localeText', required: true },
      { name: 'name', title: "Member's name", type: 'string', max: 80, required: true },
      { name: 'result', title: 'Result', description: 'Such as "−8 kg in 12 weeks"', type: 'localeString' },
      { name: 'photo', title: 'Photo', type: 'image' },
    ],
  },
  {
    name: 'faqItem',
    title: 'Question',
    kind: 'object',
    fields: [
      { name: 'question', title: 'Question', type: 'localeString', required: true },
      { name: 'answer', title: 'Answer', type: 'localeText', required: true },
    ],
  },
  ...LIBRARY_TYPES,
];

export function contentType(name: string): ContentType {
  const found = CONTENT_TYPES.find((t) => t.name === name);
  if (!found) throw new Error(`"${name}" is not a type of the content model`);
  return found;
}

export const DOCUMENT_TYPES = CONTENT_TYPES.filter((t) => t.kind === 'document').map((t) => t.name);
