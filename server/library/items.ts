// The items a member may hold, from the members' content (server/content, decision 137) and the
// trainer's products: a challenge's program and a course, each named by its product's slug, and the
// membership's library entries. Each item carries what the access rule needs (its ItemRule), its
// units in order with their drip step, and its units' content in the contract's shape. Nothing
// here decides who may open what.
import type { ItemRule } from '../../domain/access/access.ts';
import type { Locale } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import { ContentError, type ContentService } from '../content/content-service.ts';
import type { Course, LibraryEntry, Program, Video, WorkoutBlock } from '../content/library-content.ts';
import { type LibraryKind as EntryKind, LIBRARY_KINDS } from '../content/model-library.ts';
import { unavailable } from '../errors.ts';
import type { AccessRows } from './library.repository.ts';

type Schemas = components['schemas'];
export type ItemKind = Schemas['LibraryKind'];
export type UnitContent = Schemas['LibraryUnit'];
type Module = Schemas['LibraryModule'];
type Image = Schemas['SanityImage'];

export interface Unit {
  key: string;
  number: number;
  title: string;
  /** The drip step it opens at: a day's position, a lesson's module's position; 0 for a library entry. */
  step: number;
  module: Module | null;
  /**
   * Its content, but for the member's state (done or open), which the service adds. Shaped on the
   * first call and the same object after: the same for every member, so never to be changed.
   */
  content(): Readonly<Omit<UnitContent, 'state' | 'doneAt'>>;
}

export interface Item {
  kind: ItemKind;
  slug: string;
  /** `kind/slug`: how progress and starts are stored. */
  id: string;
  title: string;
  intro: string | null;
  image: Image | null;
  rule: ItemRule;
  /** The product a challenge or course is bought as; null for a library entry. */
  product: AccessRows['products'][number] | null;
  modules: Module[];
  units: Unit[];
}

/**
 * A unit's content shaped once. The content service hands back the same program, course or library
 * entry for a language until it reads the CMS again (its minute), and the units are kept with that
 * object (`keptWith`): a day page shapes its unit once per read and language, not once per member
 * and request, and a read that brings changed content brings newly shaped units with it.
 */
function shapedOnce<T extends object>(shape: () => T): () => Readonly<T> {
  let shaped: Readonly<T> | undefined;
  return () => {
    shaped ??= Object.freeze(shape());
    return shaped;
  };
}

/** What is made of each content object the content service read, made once per object. */
const made = new WeakMap<object, unknown>();

function keptWith<T extends object, R>(content: T, make: (content: T) => R): R {
  if (!made.has(content)) made.set(content, make(content));
  return made.get(content) as R;
}

/** The one unit of a library entry. */
const ENTRY_UNIT_KEY = 'main';

const itemId = (kind: ItemKind, slug: string) => `${kind}/${slug}`;

function isEntryKind(kind: ItemKind): kind is EntryKind {
  return (LIBRARY_KINDS as string[]).includes(kind);
}

const video = (v: Video | null): UnitContent['video'] =>
  v && { provider: v.provider, id: v.id, poster: v.poster, embedUrl: v.embedUrl };

const blocks = (list: WorkoutBlock[]): UnitContent['blocks'] =>
  list.map((b) => ({
    key: b._key,
    exercise: b.exercise,
    sets: b.sets,
    reps: b.reps,
    seconds: b.seconds,
    restSeconds: b.restSeconds,
    note: b.note,
    image: b.image,
    video: video(b.video),
  }));

/** A challenge's or course's picture is its public page's, as the catalogue shows it. */
const productImage = (product: Item['product'] & object): Image | null =>
  product.image ? { url: product.image } : null;

const empty = { module: null, summary: null, image: null, video: null, blocks: [], body: [], files: [] };

function programItem(program: Program, product: Item['product'] & object): Item {
  return {
    kind: 'challenge',
    slug: product.slug,
    id: itemId('challenge', product.slug),
    title: program.title,
    intro: program.intro,
    image: productImage(product) ?? program.days.find((d) => d.image)?.image ?? null,
    rule: { kind: 'challenge', productId: product.id, startsOn: program.startsOn, drip: 'daily' },
    product,
    modules: [],
    units: keptWith(program, programUnits),
  };
}

function programUnits(program: Program): Unit[] {
  return program.days.map((day, i) => ({
    key: day._key,
    number: day.number,
    title: day.title,
    step: i,
    module: null,
    content: shapedOnce(() => ({
      ...empty,
      key: day._key,
      number: day.number,
      title: day.title,
      summary: day.summary,
      image: day.image,
      video: video(day.video),
      blocks: blocks(day.blocks),
    })),
  }));
}

function courseItem(course: Course, product: Item['product'] & object): Item {
  const { modules, units } = keptWith(course, courseParts);
  return {
    kind: 'course',
    slug: product.slug,
    id: itemId('course', product.slug),
    title: course.title,
    intro: course.intro,
    image:
      productImage(product) ?? course.modules.flatMap((m) => m.lessons).find((l) => l.image)?.image ?? null,
    // A course counts from the enrolment (decision 136): the purchase, or the grant's beginning.
    rule: { kind: 'course', productId: product.id, startsOn: 'purchase', drip: course.drip },
    product,
    modules,
    units,
  };
}

function courseParts(course: Course): { modules: Module[]; units: Unit[] } {
  const modules = course.modules.map((m) => ({ key: m._key, number: m.number, title: m.title }));
  const units = course.modules.flatMap((m, i) =>
    m.lessons.map((lesson) => ({
      key: lesson._key,
      number: lesson.number,
      title: lesson.title,
      step: i,
      module: modules[i] ?? null,
      content: shapedOnce(() => ({
        ...empty,
        key: lesson._key,
        number: lesson.number,
        title: lesson.title,
        module: modules[i] ?? null,
        image: lesson.image,
        video: video(lesson.video),
        body: lesson.body,
        files: lesson.files.map((f) => ({
          key: f._key,
          title: f.title,
          url: f.url,
          extension: f.extension,
        })),
      })),
    })),
  );
  return { modules, units };
}

function entryItem(entry: LibraryEntry): Item {
  return {
    kind: entry.kind,
    slug: entry.slug,
    id: itemId(entry.kind, entry.slug),
    title: entry.title,
    intro: entry.summary,
    image: entry.image,
    rule: { kind: 'library', plans: entry.plans },
    product: null,
    modules: [],
    units: keptWith(entry, entryUnits),
  };
}

function entryUnits(entry: LibraryEntry): Unit[] {
  return [
    {
      key: ENTRY_UNIT_KEY,
      number: 1,
      title: entry.title,
      step: 0,
      module: null,
      content: shapedOnce(() => ({
        ...empty,
        key: ENTRY_UNIT_KEY,
        number: 1,
        title: entry.title,
        summary: entry.summary,
        image: entry.image,
        video: video(entry.video),
        blocks: blocks(entry.blocks),
        body: entry.body,
      })),
    },
  ];
}

/** How soon a member may ask again when the CMS did not answer. */
const RETRY_SECONDS = 5;

/**
 * A read of the CMS: when it fails, the member is told to try again shortly (503, nothing changed),
 * as when the database is briefly away; what they hold is not in doubt, only its content.
 */
async function fromCms<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ContentError) throw unavailable('library.contentUnavailable', RETRY_SECONDS);
    throw error;
  }
}

async function readItem(
  content: ContentService,
  products: AccessRows['products'],
  kind: ItemKind,
  slug: string,
  locale: Locale,
): Promise<Item | null> {
  if (isEntryKind(kind)) {
    const entry = await content.libraryEntry(kind, slug, locale);
    return entry && entryItem(entry);
  }
  const product = products.find((p) => p.kind === kind && p.slug === slug);
  if (!product) return null;
  if (kind === 'challenge') {
    const program = await content.program(slug, locale);
    return program && programItem(program, product);
  }
  const course = await content.course(slug, locale);
  return course && courseItem(course, product);
}

/** One item by kind and slug, or null when the content or the trainer has none. */
export function findItem(
  content: ContentService,
  products: AccessRows['products'],
  kind: ItemKind,
  slug: string,
  locale: Locale,
): Promise<Item | null> {
  return fromCms(readItem(content, products, kind, slug, locale));
}

/** Every item: the challenges and courses in the catalogue's order, then the library in its order. */
export async function allItems(
  content: ContentService,
  products: AccessRows['products'],
  locale: Locale,
): Promise<Item[]> {
  const sold = await fromCms(
    Promise.all(products.map((p) => readItem(content, products, p.kind, p.slug, locale))),
  );
  const library = (await fromCms(content.library(locale))).map(entryItem);
  return [...sold.filter((item): item is Item => item !== null), ...library];
}
