// The content service's reads of the members' content, on the embedded dataset: the 30-Day Shred by
// its product's slug, the Strength Foundations course, and the library, in each language (English
// where a text has none), units in order with their keys and numbers, and kept like the settings.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { createContentService, SETTINGS_TTL_MS } from '../../../server/content/content-service.ts';
import type { ContentSource } from '../../../server/content/content-source.ts';
import { createLocalSource } from '../../../server/content/local-source.ts';
import { createVideoPlayer } from '../../../server/content/video.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOCS = readFileSync(path.join(ROOT, 'content/production.ndjson'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const docOf = (id: string) => DOCS.find((d) => d._id === id) as Record<string, unknown>;

const content = createContentService(createLocalSource(path.join(ROOT, 'content')));

/** The embedded source's answers over a dataset of the test's, counting the queries. */
function counted(dataset: unknown[]): ContentSource & { reads: number } {
  const local = createLocalSource(path.join(ROOT, 'content'));
  const source = {
    reads: 0,
    async query<T>(groq: string, params: Record<string, string> = {}) {
      source.reads++;
      return (await (await evaluate(parse(groq), { dataset, params })).get()) as T;
    },
    assetUrl: local.assetUrl,
    fileUrl: local.fileUrl,
  };
  return source;
}

const ASSET = /^\/content-assets\/[0-9a-f]{40}(-\d+x\d+)?\.(svg|pdf)$/;

describe("the 30-Day Shred's program", () => {
  it('has its thirty days in order, numbered, with the dataset keys, three to six blocks each', async () => {
    const program = await content.program('30-day-shred', 'en');
    expect(program).toMatchObject({ product: '30-day-shred', title: '30-Day Shred', startsOn: 'firstOpen' });
    const keys = (docOf('program-30-day-shred').days as { _key: string }[]).map((d) => d._key);
    expect(program?.days.map((d) => d._key)).toEqual(keys);
    expect(program?.days.map((d) => d.number)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const day of program?.days ?? []) {
      expect(day.blocks.length, `day ${day.number}`).toBeGreaterThanOrEqual(1);
      expect(day.blocks.length, `day ${day.number}`).toBeLessThanOrEqual(6);
      for (const block of day.blocks) expect(block.sets === null || block.sets >= 1).toBe(true);
    }
    const training = program?.days.filter((d) => !/^Rest day$/.test(d.title)) ?? [];
    for (const day of training) expect(day.blocks.length, `day ${day.number}`).toBeGreaterThanOrEqual(3);
    expect(program?.days.filter((d) => d.title === 'Rest day').map((d) => d.number)).toEqual([7, 14, 21, 28]);
  });

  it('shapes a block with its reps or seconds, rest, note, image and video, and a video as its poster', async () => {
    const [day1] = (await content.program('30-day-shred', 'en'))?.days ?? [];
    expect(day1).toMatchObject({ title: 'Full-body foundations', number: 1 });
    expect(day1?.blocks[0]).toMatchObject({
      exercise: 'Bodyweight squat',
      sets: 2,
      reps: 12,
      seconds: null,
      restSeconds: 60,
      note: expect.stringMatching(/^Sit down between your heels/),
      image: { url: expect.stringMatching(ASSET), width: 800, height: 450 },
      video: null,
    });
    expect(day1?.blocks[3]).toMatchObject({ exercise: 'Plank', reps: null, seconds: 20 });
    // No provider is configured: the video has its poster and no player to frame.
    expect(day1?.video).toEqual({
      provider: 'youtube',
      id: expect.stringMatching(/^[A-Za-z0-9_-]{11}$/),
      poster: expect.objectContaining({ url: expect.stringMatching(ASSET) }),
      embedUrl: null,
    });
  });

  it('reads in Spanish, and falls back to English for a text that has no Spanish', async () => {
    const spanish = await content.program('30-day-shred', 'es');
    expect(spanish?.title).toBe('Reto Shred de 30 días');
    expect(spanish?.days[0]?.title).toBe('Bases de cuerpo completo');
    expect(spanish?.days[0]?.blocks[0]?.exercise).toBe('Sentadilla con peso corporal');

    const program = structuredClone(docOf('program-30-day-shred')) as unknown as {
      days: { title: object }[];
    };
    program.days[0] = { ...program.days[0], title: { _type: 'localeString', en: 'Only in English' } };
    const service = createContentService(counted([program]));
    expect((await service.program('30-day-shred', 'es'))?.days[0]?.title).toBe('Only in English');
  });

  it('is null for a product with no program', async () => {
    expect(await content.program('strength-foundations')).toBeNull();
    expect(await content.program('no-such-challenge')).toBeNull();
  });
});

describe('the Strength Foundations course', () => {
  it('has its modules and lessons in order, lessons numbered across the course, with its drip', async () => {
    const course = await content.course('strength-foundations', 'en');
    expect(course).toMatchObject({ title: 'Strength Foundations', drip: 'weekly' });
    expect(course?.modules.map((m) => [m.number, m.lessons.length])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
      [4, 3],
    ]);
    const lessons = course?.modules.flatMap((m) => m.lessons) ?? [];
    expect(lessons.map((l) => l.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(lessons.map((l) => l._key)).size).toBe(12);
  });

  it('gives a lesson its body with headings, lists and images, its video and its downloads', async () => {
    const lessons = (await content.course('strength-foundations', 'en'))?.modules.flatMap((m) => m.lessons);
    const first = lessons?.[0];
    expect(first?.files).toEqual([
      {
        _key: expect.any(String),
        title: 'Training log (printable PDF)',
        url: expect.stringMatching(ASSET),
        extension: 'pdf',
      },
    ]);
    expect(first?.video?.poster?.url).toMatch(ASSET);
    expect(first?.body.map((b) => b.style)).toContain('h2');
    expect(first?.body.some((b) => b.listItem === 'bullet')).toBe(true);
    const stance = lessons?.find((l) => l.title === 'Find your squat stance');
    const picture = stance?.body.find((b) => b._type === 'image') as { image?: { url: string } } | undefined;
    expect(picture?.image?.url).toMatch(ASSET);
    const spanish = await content.course('strength-foundations', 'es');
    expect(spanish?.modules[1]?.title).toBe('La sentadilla');
    expect(spanish?.modules[0]?.lessons[0]?.files[0]?.title).toBe(
      'Registro de entrenamiento (PDF para imprimir)',
    );
  });
});

describe("the membership's library", () => {
  it('lists its dozen entries in their order: eight workouts, three articles, a weekly plan', async () => {
    const library = await content.library('en');
    expect(library.map((e) => e.position)).toEqual([...library.map((e) => e.position)].sort((a, b) => a - b));
    const kinds = library.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'workout')).toHaveLength(8);
    expect(kinds.filter((k) => k === 'article')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'plan')).toHaveLength(1);
    expect(library.filter((e) => e.plans !== null).map((e) => [e.slug, e.plans])).toEqual([
      ['kettlebell-swing-ladder', ['annual']],
      ['bike-sprint-intervals', ['annual']],
      ['progressive-overload-explained', ['annual']],
    ]);
    for (const entry of library) {
      expect(entry.image?.url, entry.slug).toMatch(ASSET);
      expect(entry.kind === 'workout' ? entry.blocks.length : entry.body.length, entry.slug).toBeGreaterThan(
        0,
      );
    }
  });

  it('finds one entry by its kind and address, in a language', async () => {
    const sleep = await content.libraryEntry('article', 'sleep-and-recovery', 'es');
    expect(sleep).toMatchObject({
      kind: 'article',
      slug: 'sleep-and-recovery',
      title: 'El sueño: la recuperación que te estás saltando',
      plans: null,
    });
    expect(await content.libraryEntry('workout', 'sleep-and-recovery')).toBeNull();
    expect(await content.libraryEntry('plan', 'no-such-plan')).toBeNull();
  });
});

/** Every per-language text in a value, with where it is. */
function texts(value: unknown, at = ''): [string, Record<string, unknown>][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const own = value as Record<string, unknown>;
  if (typeof own._type === 'string' && own._type.startsWith('locale')) return [[at, own]];
  return Object.entries(own).flatMap(([k, v]) => texts(v, at ? `${at}.${k}` : k));
}

describe("the demo's members' content", () => {
  it('is written in English and in Spanish, every text of it', () => {
    const members = DOCS.filter((d) => ['program', 'course', 'libraryEntry'].includes(String(d._type)));
    expect(members).toHaveLength(14);
    const found = members.flatMap((doc) => texts(doc, String(doc._id)));
    expect(found.length).toBeGreaterThan(400);
    const missing = found.filter(([, t]) => !t.en || !t.es || (Array.isArray(t.es) && t.es.length === 0));
    expect(missing.map(([at]) => at)).toEqual([]);
  });
});

describe("the members' content read from the CMS", () => {
  it('is read once a minute, whatever the language, and a product nobody publishes is not kept', async () => {
    let now = 0;
    const source = counted(DOCS);
    const service = createContentService(source, () => now);
    const english = await service.program('30-day-shred', 'en');
    expect(await service.program('30-day-shred', 'en')).toBe(english);
    await service.program('30-day-shred', 'es');
    await service.library('en');
    await service.libraryEntry('workout', 'core-in-10', 'es');
    expect(source.reads).toBe(2);
    await service.course('no-such-course');
    await service.course('no-such-course');
    expect(source.reads).toBe(4);
    now = SETTINGS_TTL_MS;
    expect(await service.program('30-day-shred', 'en')).not.toBe(english);
    expect(source.reads).toBe(5);
  });

  it("frames a video of the configured provider in that provider's player", async () => {
    const service = createContentService(
      counted(DOCS),
      Date.now,
      createVideoPlayer({ VIDEO_PROVIDER: 'youtube' }),
    );
    const video = (await service.program('30-day-shred'))?.days[0]?.video;
    expect(video?.embedUrl).toBe(`https://www.youtube-nocookie.com/embed/${video?.id}?rel=0`);
    const vimeo = createContentService(
      counted(DOCS),
      Date.now,
      createVideoPlayer({ VIDEO_PROVIDER: 'vimeo' }),
    );
    expect((await vimeo.program('30-day-shred'))?.days[0]?.video?.embedUrl).toBeNull();
  });
});
