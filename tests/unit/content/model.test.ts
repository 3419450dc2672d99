// The content model against what it describes: the embedded dataset fits it, a document that does
// not is refused with a message naming the line, the field and the fault, and the reserved slugs
// are the addresses the site answers itself (decision 123). The GROQ queries and the API against
// the model: model-queries.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from '../../../server/content/model.ts';
import { datasetProblems, documentProblems, type Located } from '../../../server/content/model-check.ts';
import { API_PREFIXES } from '../../../server/site/shell.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DATASET = path.join(ROOT, 'content/production.ndjson');

function embedded(): Located[] {
  return readFileSync(DATASET, 'utf8')
    .split('\n')
    .flatMap((line, i) => (line.trim() ? [{ line: i + 1, doc: JSON.parse(line) as unknown }] : []));
}

const settingsOf = (items: Located[]) => items[0]?.doc as Record<string, Record<string, unknown>>;

describe('the embedded dataset', () => {
  it('fits the content model, its images all present in content/assets', () => {
    const items = embedded();
    expect(items.map((i) => (i.doc as { _type: string })._type)).toEqual([
      'settings',
      ...Array(4).fill('page'),
      'program',
      'course',
      ...Array(12).fill('libraryEntry'),
    ]);
    expect(datasetProblems(items, (file) => existsSync(path.join(ROOT, 'content/assets', file)))).toEqual([]);
  });

  it('refuses a planted bad document with the line, the field and what is wrong', () => {
    const items = structuredClone(embedded());
    const settings = settingsOf(items);
    settings.home = { ...settings.home, heroTitle: { _type: 'localeString', en: 'Hi' } };
    settings.instagramUrl = 'http://instagram.com/x' as never;
    (settings.banner as Record<string, unknown>).promoEndDate = '2024-12-31T00:00:00Z';
    const page = items[1]?.doc as Record<string, unknown>;
    page.pageName = { _type: 'localeString', es: 'Solo en español' };
    page.slug = { _type: 'slug', current: 'profile' };
    expect(datasetProblems(items)).toEqual([
      'line 1 (settings): instagramUrl: is not a link (https)',
      'line 1 (settings): banner.promoEndDate: is before promoStartDate',
      'line 1 (settings): home: "heroTitle" is not a field of the content model',
      'line 2 (page-privacy): pageName.en: is required',
      'line 2 (page-privacy): slug.current: is an address the site itself uses',
    ]);
  });

  it('names faults in page bodies, colours, images and the dataset as a whole', () => {
    const items = structuredClone(embedded());
    const settings = settingsOf(items);
    settings.primaryColor = { _type: 'color', hex: 'orange' };
    settings.icon = { _type: 'image', asset: { _type: 'reference', _ref: 'logo.png' } };
    const body = ((items[2] as Located).doc as { body: { en: { children: { marks: string[] }[] }[] } }).body;
    (body.en[0]?.children[0] as { marks: string[] }).marks = ['shout'];
    const copy = { line: 6, doc: { ...(items[1]?.doc as object), _id: 'page-privacy-2' } };
    const second = {
      line: 7,
      doc: { _id: 'settings-2', _type: 'settings', siteName: 'Other', primaryColor: { hex: '#000000' } },
    };
    expect(datasetProblems([...items, copy, second], (file) => !file.startsWith('d432'))).toEqual([
      'line 1 (settings): icon.asset._ref: is not an image asset reference (image-<hash>-<width>x<height>-<ext>)',
      'line 1 (settings): primaryColor.hex: is not a colour like #1c7ed6',
      'line 3 (page-terms): body.en[0].children[0].marks: "shout" is neither a decorator nor a link of this block',
      'line 1 (settings): image image-d432925883bd279825c8aa0b401a360a573d5c78-640x720-svg has no file d432925883bd279825c8aa0b401a360a573d5c78-640x720.svg',
      'line 6 (page-privacy-2): slug.current: "privacy" is also the address of line 2 (page-privacy)',
      'the dataset has 2 settings documents; the site reads exactly one (lines 1, 7)',
    ]);
  });

  it("refuses members' content that does not fit: keys, bounds, choices, video ids, files, addresses", () => {
    const items = structuredClone(embedded());
    type Obj = Record<string, unknown>;
    const program = items[5]?.doc as { days: Obj[]; startsOn: string };
    const days = program.days;
    (days[1] as Obj)._key = (days[0] as Obj)._key;
    const block = ((days[0] as Obj).blocks as Obj[])[0] as Obj;
    block.sets = 0;
    block.reps = 2.5;
    (days[0] as { video: Obj }).video.id = 'not-an-id';
    program.startsOn = 'tomorrow';
    const course = items[6]?.doc as { modules: { lessons: Obj[] }[] };
    const lesson = course.modules[0]?.lessons[0] as { files: { file: { asset: Obj } }[] };
    (lesson.files[0] as { file: { asset: Obj } }).file.asset._ref = `file-${'c'.repeat(40)}-pdf`;
    const [first, entry, third] = items.slice(7, 10).map((i) => i.doc as Obj) as [Obj, Obj, Obj];
    entry.slug = first.slug;
    entry.plans = ['annual plan'];
    delete third.kind;
    expect(datasetProblems(items, (file) => !file.startsWith('cccc'))).toEqual([
      'line 6 (program-30-day-shred): startsOn: is not one of firstOpen, purchase',
      'line 6 (program-30-day-shred): days[0].video.id: is not a YouTube video id (11 letters, digits, - or _)',
      'line 6 (program-30-day-shred): days[0].blocks[0].sets: is less than 1',
      'line 6 (program-30-day-shred): days[0].blocks[0].reps: is not a whole number',
      'line 6 (program-30-day-shred): days[1]._key: is also the key of item 0',
      'line 9 (library-core-in-10): plans[0]: may only hold 1 to 80 letters, digits, - or _',
      'line 10 (library-hotel-room-hiit): kind: is required',
      `line 7 (course-strength-foundations): file file-${'c'.repeat(40)}-pdf has no file ${'c'.repeat(40)}.pdf`,
      'line 9 (library-core-in-10): slug.current: "workout/full-body-dumbbell-20" is also the address of line 8 (library-full-body-dumbbell-20)',
    ]);
  });

  it('refuses a document type the model lacks, and a required field left out', () => {
    expect(documentProblems({ line: 4, doc: { _id: 'x', _type: 'post' } })).toEqual([
      'line 4 (x): _type "post" is not a document type of the model (settings, page, program, course, libraryEntry)',
    ]);
    expect(
      documentProblems({ line: 2, doc: { _id: 's', _type: 'settings', primaryColor: { hex: '#000000' } } }),
    ).toEqual(['line 2 (s): siteName: is required']);
    expect(documentProblems({ line: 9, doc: 'text' })).toEqual(['line 9: is not an object']);
    const empty = {
      _id: 'p',
      _type: 'page',
      pageName: { en: ' ' },
      slug: { current: 'a' },
      body: { en: [] },
    };
    expect(documentProblems({ line: 3, doc: empty })).toEqual([
      'line 3 (p): pageName.en: is empty',
      'line 3 (p): body.en: is empty',
    ]);
  });
});

describe('page addresses', () => {
  it('reserves exactly the first path segments the site and the server answer themselves', () => {
    const router = readFileSync(path.join(ROOT, 'src/app/router.tsx'), 'utf8');
    // The root's routes: `path: '/…'` and the lists of paths mapped to routes; not the profile's sections.
    const segments = [...router.matchAll(/(?:path: |\(\[)'\/([a-z][a-z-]*)/g)].map((m) => m[1] as string);
    const server = API_PREFIXES.map((prefix) => prefix.split('/')[1] as string);
    expect(segments.length).toBeGreaterThan(4);
    // Exactly those: a route removed frees its address for a page again.
    expect([...new Set([...segments, ...server])].sort()).toEqual([...RESERVED_SLUGS].sort());
  });
});
