// The members' content in the content model (decision 137): a challenge's program of days, a
// course of modules and lessons, and the membership's library of workouts, articles and weekly
// plans. Each program and course names its catalogue product by slug; a library entry may name the
// plans (price lookup keys) it is limited to. Units are the array items' `_key`s, which a trainer's
// edits keep, so a member's progress stays on the day or lesson it was made on.
import type { VideoProvider } from '../../domain/video.ts';
import type { ContentType, Field } from './model-kinds.ts';

/** A catalogue key: a product's slug or a price's lookup key (the catalogue file's form, decision 121). */
export const CATALOGUE_KEY = {
  regex: /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/,
  name: '1 to 80 letters, digits, - or _',
};

const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo', mux: 'Mux' };

/** What each provider's id looks like: YouTube's 11 characters, Vimeo's number, a Mux playback id. */
export const VIDEO_ID_PATTERNS: Record<VideoProvider, { regex: RegExp; name: string }> = {
  youtube: { regex: /^[A-Za-z0-9_-]{11}$/, name: 'a YouTube video id (11 letters, digits, - or _)' },
  vimeo: { regex: /^[0-9]{6,12}$/, name: 'a Vimeo video number' },
  mux: { regex: /^[A-Za-z0-9]{20,64}$/, name: 'a Mux playback id' },
};

const KIND_NAMES = { workout: 'Workout', article: 'Article', plan: 'Weekly plan' } as const;
export type LibraryKind = keyof typeof KIND_NAMES;
export const LIBRARY_KINDS = Object.keys(KIND_NAMES) as LibraryKind[];

/** A choice's options from its values' names in the studio. */
const options = (names: Record<string, string>) =>
  Object.entries(names).map(([value, title]) => ({ value, title }));

const title: Field = { name: 'title', title: 'Title', type: 'localeString', required: true };
const intro: Field = { name: 'intro', title: 'Introduction', type: 'localeText' };
const image: Field = { name: 'image', title: 'Image', type: 'image' };
const video: Field = { name: 'video', title: 'Video', type: 'object', of: 'video' };
const product = (what: string): Field => ({
  name: 'product',
  title: 'Product',
  description: `The ${what}'s product in the catalogue, by its slug (such as 30-day-shred)`,
  type: 'string',
  max: 80,
  pattern: CATALOGUE_KEY,
  required: true,
});
const blocks: Field = { name: 'blocks', title: 'Workout', type: 'array', of: 'workoutBlock', max: 20 };
const body: Field = { name: 'body', title: 'Body', type: 'localeBlockContent' };

export const LIBRARY_TYPES: readonly ContentType[] = [
  {
    name: 'program',
    title: 'Challenge program',
    kind: 'document',
    fields: [
      product('challenge'),
      title,
      intro,
      {
        name: 'startsOn',
        title: 'Day 1 counts from',
        type: 'choice',
        options: [
          { value: 'firstOpen', title: 'The day the member first opens it' },
          { value: 'purchase', title: 'The day of the purchase' },
        ],
        initial: 'firstOpen',
        required: true,
      },
      { name: 'days', title: 'Days', type: 'array', of: 'programDay', min: 1, max: 366, required: true },
    ],
  },
  {
    name: 'programDay',
    title: 'Day',
    kind: 'object',
    fields: [title, { name: 'summary', title: 'Short text', type: 'localeText' }, image, video, blocks],
  },
  {
    name: 'workoutBlock',
    title: 'Exercise',
    kind: 'object',
    fields: [
      { name: 'exercise', title: 'Exercise', type: 'localeString', required: true },
      { name: 'sets', title: 'Sets', type: 'integer', min: 1, max: 20 },
      { name: 'reps', title: 'Reps', type: 'integer', min: 1, max: 200 },
      {
        name: 'seconds',
        title: 'Seconds',
        description: 'For a timed exercise, in place of reps',
        type: 'integer',
        min: 5,
        max: 3600,
      },
      { name: 'restSeconds', title: 'Rest (seconds)', type: 'integer', min: 0, max: 600 },
      { name: 'note', title: 'Coaching note', type: 'localeText' },
      image,
      video,
    ],
  },
  {
    name: 'course',
    title: 'Course',
    kind: 'document',
    fields: [
      product('course'),
      title,
      intro,
      {
        name: 'drip',
        title: 'Modules open',
        type: 'choice',
        options: [
          { value: 'none', title: 'All at once' },
          { value: 'weekly', title: 'One a week from the start' },
        ],
        initial: 'none',
        required: true,
      },
      {
        name: 'modules',
        title: 'Modules',
        type: 'array',
        of: 'courseModule',
        min: 1,
        max: 52,
        required: true,
      },
    ],
  },
  {
    name: 'courseModule',
    title: 'Module',
    kind: 'object',
    fields: [
      title,
      { name: 'lessons', title: 'Lessons', type: 'array', of: 'lesson', min: 1, max: 50, required: true },
    ],
  },
  {
    name: 'lesson',
    title: 'Lesson',
    kind: 'object',
    fields: [
      title,
      { ...body, required: true },
      image,
      video,
      { name: 'files', title: 'Downloads', type: 'array', of: 'download', max: 10 },
    ],
  },
  {
    name: 'download',
    title: 'Download',
    kind: 'object',
    fields: [
      title,
      { name: 'file', title: 'File', type: 'file', accept: ['.pdf', '.svg', '.png', '.jpg'], required: true },
    ],
  },
  {
    name: 'libraryEntry',
    title: 'Library entry',
    kind: 'document',
    fields: [
      {
        name: 'kind',
        title: 'Kind',
        type: 'choice',
        options: options(KIND_NAMES),
        initial: 'workout',
        required: true,
      },
      {
        name: 'slug',
        title: 'Address',
        description: 'The entry is at /library/<kind>/<address>',
        type: 'slug',
        source: 'title.en',
        max: 96,
        reserved: [],
        required: true,
      },
      title,
      { name: 'summary', title: 'Summary', type: 'localeText' },
      image,
      video,
      { ...blocks, description: 'The exercises of a workout' },
      { ...body, description: 'The text of an article or a weekly plan' },
      {
        name: 'plans',
        title: 'Only for the plans',
        description: 'Price lookup keys (monthly, annual…); none: every plan of the membership',
        type: 'tags',
        pattern: CATALOGUE_KEY,
      },
      {
        name: 'position',
        title: 'Position',
        description: 'The library lists the lower first',
        type: 'integer',
        min: 0,
        max: 10_000,
      },
    ],
  },
  {
    name: 'video',
    title: 'Video',
    kind: 'object',
    fields: [
      {
        name: 'provider',
        title: 'Provider',
        type: 'choice',
        options: options(PROVIDER_NAMES),
        required: true,
      },
      {
        name: 'id',
        title: 'Video id',
        description: "The id in the provider's address, or the Mux playback id",
        type: 'code',
        field: 'provider',
        patterns: VIDEO_ID_PATTERNS,
        required: true,
      },
      { name: 'poster', title: 'Poster', description: 'Shown before the video plays', type: 'image' },
    ],
  },
];
