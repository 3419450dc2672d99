// The members' content as the server hands it on: a program, a course or a library entry in one
// language (English where a text has none), its units in order with their `_key` and their number,
// images as the contract's SanityImage, files with their URL, and each video with the address of
// the player that plays it here, or none (video.ts). What a member may open is not decided here.
import { type Locale, localized } from '../../domain/localized.ts';
import { VIDEO_PROVIDERS, type VideoProvider } from '../../domain/video.ts';
import { type ContentSource, parseFileRef } from './content-source.ts';
import { LIBRARY_KINDS, type LibraryKind } from './model-library.ts';
import {
  type Doc,
  image,
  int,
  isObject,
  objects,
  type PortableTextBlock,
  portableBody,
  type SanityImage,
  str,
} from './shape.ts';
import type { VideoPlayer } from './video.ts';

export interface Video {
  provider: VideoProvider;
  id: string;
  poster: SanityImage | null;
  /** The player page to frame; null when the site plays no video of this provider (show the poster). */
  embedUrl: string | null;
}

export interface WorkoutBlock {
  _key: string;
  exercise: string;
  sets: number | null;
  reps: number | null;
  /** A timed exercise's length, in place of reps. */
  seconds: number | null;
  restSeconds: number | null;
  note: string | null;
  image: SanityImage | null;
  video: Video | null;
}

export interface ProgramDay {
  _key: string;
  /** 1-based: day N. */
  number: number;
  title: string;
  summary: string | null;
  image: SanityImage | null;
  video: Video | null;
  blocks: WorkoutBlock[];
}

export interface Program {
  product: string;
  title: string;
  intro: string | null;
  startsOn: 'firstOpen' | 'purchase';
  days: ProgramDay[];
}

export interface Download {
  _key: string;
  title: string;
  url: string;
  /** The file's extension, such as pdf. */
  extension: string;
}

export interface Lesson {
  _key: string;
  /** 1-based, counted across the whole course ("lesson 5 of 12"). */
  number: number;
  title: string;
  body: PortableTextBlock[];
  image: SanityImage | null;
  video: Video | null;
  files: Download[];
}

export interface CourseModule {
  _key: string;
  /** 1-based: with a weekly drip, module N opens 7·(N-1) days after the start. */
  number: number;
  title: string;
  lessons: Lesson[];
}

export interface Course {
  product: string;
  title: string;
  intro: string | null;
  drip: 'none' | 'weekly';
  modules: CourseModule[];
}

export interface LibraryEntry {
  kind: LibraryKind;
  slug: string;
  title: string;
  summary: string | null;
  image: SanityImage | null;
  video: Video | null;
  blocks: WorkoutBlock[];
  body: PortableTextBlock[];
  /** The price lookup keys it is limited to; null: every plan of the membership. */
  plans: string[] | null;
  position: number;
}

/** Turns the documents of one language into these shapes, with the source's URLs and the player's. */
function shaper(source: ContentSource, player: VideoPlayer, locale: Locale) {
  const text = (value: unknown) => str(localized(value, locale));

  async function video(value: unknown): Promise<Video | null> {
    if (!isObject(value) || typeof value.id !== 'string') return null;
    const provider = VIDEO_PROVIDERS.find((p) => p === value.provider);
    if (!provider) return null;
    const embedUrl = await player.embedUrl({ provider, id: value.id });
    return { provider, id: value.id, poster: image(source, value.poster), embedUrl };
  }

  const blocks = (value: unknown): Promise<WorkoutBlock[]> =>
    Promise.all(
      objects(value).map(async (block) => ({
        _key: String(block._key),
        exercise: text(block.exercise) ?? '',
        sets: int(block.sets),
        reps: int(block.reps),
        seconds: int(block.seconds),
        restSeconds: int(block.restSeconds),
        note: text(block.note),
        image: image(source, block.image),
        video: await video(block.video),
      })),
    );

  function files(value: unknown): Download[] {
    return objects(value).flatMap((download) => {
      const asset = isObject(download.file) && isObject(download.file.asset) ? download.file.asset : {};
      const ref = typeof asset._ref === 'string' ? parseFileRef(asset._ref) : undefined;
      if (!ref) return [];
      const title = text(download.title) ?? '';
      return [{ _key: String(download._key), title, url: source.fileUrl(ref), extension: ref.extension }];
    });
  }

  return { text, video, blocks, files };
}

export async function toProgram(
  source: ContentSource,
  player: VideoPlayer,
  doc: unknown,
  locale: Locale,
): Promise<Program | null> {
  if (!isObject(doc) || typeof doc.product !== 'string') return null;
  const s = shaper(source, player, locale);
  const days = await Promise.all(
    objects(doc.days).map(async (day, i) => ({
      _key: String(day._key),
      number: i + 1,
      title: s.text(day.title) ?? '',
      summary: s.text(day.summary),
      image: image(source, day.image),
      video: await s.video(day.video),
      blocks: await s.blocks(day.blocks),
    })),
  );
  return {
    product: doc.product,
    title: s.text(doc.title) ?? doc.product,
    intro: s.text(doc.intro),
    startsOn: doc.startsOn === 'purchase' ? 'purchase' : 'firstOpen',
    days,
  };
}

export async function toCourse(
  source: ContentSource,
  player: VideoPlayer,
  doc: unknown,
  locale: Locale,
): Promise<Course | null> {
  if (!isObject(doc) || typeof doc.product !== 'string') return null;
  const s = shaper(source, player, locale);
  let count = 0;
  const lesson = async (item: Doc): Promise<Lesson> => ({
    _key: String(item._key),
    number: ++count,
    title: s.text(item.title) ?? '',
    body: portableBody(source, item.body, locale),
    image: image(source, item.image),
    video: await s.video(item.video),
    files: s.files(item.files),
  });
  const modules: CourseModule[] = [];
  // In order, so lessons are numbered across the course.
  for (const [i, module] of objects(doc.modules).entries()) {
    const lessons: Lesson[] = [];
    for (const item of objects(module.lessons)) lessons.push(await lesson(item));
    modules.push({ _key: String(module._key), number: i + 1, title: s.text(module.title) ?? '', lessons });
  }
  return {
    product: doc.product,
    title: s.text(doc.title) ?? doc.product,
    intro: s.text(doc.intro),
    drip: doc.drip === 'weekly' ? 'weekly' : 'none',
    modules,
  };
}

export async function toLibraryEntry(
  source: ContentSource,
  player: VideoPlayer,
  doc: unknown,
  locale: Locale,
): Promise<LibraryEntry | null> {
  if (!isObject(doc) || typeof doc.slug !== 'string') return null;
  const kind = LIBRARY_KINDS.find((k) => k === doc.kind);
  if (!kind) return null;
  const s = shaper(source, player, locale);
  const plans = Array.isArray(doc.plans) ? doc.plans.filter((p) => typeof p === 'string') : [];
  return {
    kind,
    slug: doc.slug,
    title: s.text(doc.title) ?? doc.slug,
    summary: s.text(doc.summary),
    image: image(source, doc.image),
    video: await s.video(doc.video),
    blocks: await s.blocks(doc.blocks),
    body: portableBody(source, doc.body, locale),
    plans: plans.length > 0 ? plans : null,
    position: int(doc.position) ?? 0,
  };
}
