// A unit's content is shaped once per read of the CMS and language, and the same for every member
// (server/library/items.ts, decision 169): a day page serves the same shaped content until the content
// service reads the CMS again, then the content as it is now, in the language asked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate, parse } from 'groq-js';
import { describe, expect, it } from 'vitest';
import { createContentService, SETTINGS_TTL_MS } from '../../../server/content/content-service.ts';
import { createLocalSource } from '../../../server/content/local-source.ts';
import { findItem } from '../../../server/library/items.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOCS = readFileSync(path.join(ROOT, 'content/production.ndjson'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The embedded dataset, which the test may replace as an editor publishing would. */
function editableSource() {
  const local = createLocalSource(path.join(ROOT, 'content'));
  const source = {
    dataset: DOCS,
    async query<T>(groq: string, params: Record<string, string> = {}) {
      return (await (await evaluate(parse(groq), { dataset: source.dataset, params })).get()) as T;
    },
    assetUrl: local.assetUrl,
    fileUrl: local.fileUrl,
  };
  return source;
}

/** The dataset with day 1's title in English replaced. */
function retitledDayOne(title: string) {
  return DOCS.map((doc) => {
    if (doc._id !== 'program-30-day-shred') return doc;
    const [first, ...rest] = doc.days as { title: Record<string, string> }[];
    return { ...doc, days: [{ ...first, title: { ...first?.title, en: title } }, ...rest] };
  });
}

const SHRED_PRODUCT = {
  id: 'demo-trainer-challenge',
  kind: 'challenge' as const,
  slug: '30-day-shred',
  name: '30-Day Shred',
  names: null,
  image: null,
};

describe("a day's content", () => {
  it('is shaped once per read and language, and changed content is served changed after the next read', async () => {
    let now = 0;
    const source = editableSource();
    const content = createContentService(source, () => now);
    const dayOne = async (locale: 'en' | 'es') =>
      (await findItem(content, [SHRED_PRODUCT], 'challenge', '30-day-shred', locale))?.units[0]?.content();

    const english = await dayOne('en');
    // The titles as the dataset writes them (content/production.ndjson, day 1).
    expect(english?.title).toBe('Full-body foundations');
    // A second member's request within the same read gets the very same shaped content.
    expect(await dayOne('en')).toBe(english);
    expect((await dayOne('es'))?.title).toBe('Bases de cuerpo completo');

    source.dataset = retitledDayOne('Full-body basics');
    // Within the content service's minute the read is the same, and so is its content.
    expect((await dayOne('en'))?.title).toBe('Full-body foundations');
    now = SETTINGS_TTL_MS;
    expect((await dayOne('en'))?.title).toBe('Full-body basics');
    expect((await dayOne('es'))?.title).toBe('Bases de cuerpo completo');
  });

  it('cannot be changed by whoever is handed it', async () => {
    const content = createContentService(editableSource());
    const unit = (await findItem(content, [SHRED_PRODUCT], 'challenge', '30-day-shred', 'en'))?.units[0];
    const shaped = unit?.content() as { title: string };
    expect(() => {
      shaped.title = 'changed';
    }).toThrow(TypeError);
    expect(unit?.content().title).toBe('Full-body foundations');
  });
});
