// What a visitor sees of a challenge or a course before buying (the public sample): its first day or
// lesson, free to preview (title, what it holds, about how long), and only the titles of the others.
// A locked unit's summary, exercises, body, video and files never leave here: the sample is built
// field by field from the members' content, never by removing fields from it.
import type { components } from '../../openapi/schema.d.ts';
import type { Course, Lesson, Program, ProgramDay, WorkoutBlock } from './library-content.ts';
import type { PortableTextBlock } from './shape.ts';

export type ProductSample = components['schemas']['ProductSample'];
type FreeUnit = ProductSample['free'];

/** A rep takes about three seconds: down, up, a breath. */
export const SECONDS_PER_REP = 3;
/** An unhurried reading pace. */
export const WORDS_PER_MINUTE = 200;

/** About how long a workout takes: each set's work and the rest after it; null without blocks. */
export function workoutMinutes(blocks: readonly WorkoutBlock[]): number | null {
  let seconds = 0;
  for (const block of blocks) {
    const sets = block.sets ?? 1;
    const work = block.reps !== null ? block.reps * SECONDS_PER_REP : (block.seconds ?? 0);
    seconds += sets * (work + (block.restSeconds ?? 0));
  }
  return seconds > 0 ? Math.max(1, Math.ceil(seconds / 60)) : null;
}

const blockText = (block: PortableTextBlock): string => {
  const children = (block as { children?: unknown }).children;
  if (!Array.isArray(children)) return '';
  return children.map((c) => (typeof c?.text === 'string' ? c.text : '')).join('');
};
const styleOf = (block: PortableTextBlock) => (block as { style?: unknown }).style;
const isList = (block: PortableTextBlock) => Boolean((block as { listItem?: unknown }).listItem);

/** About how long reading a body takes; null when it has no words. */
export function readingMinutes(body: readonly PortableTextBlock[]): number | null {
  const words = body.reduce((sum, b) => sum + (blockText(b).match(/\S+/g)?.length ?? 0), 0);
  return words > 0 ? Math.ceil(words / WORDS_PER_MINUTE) : null;
}

function freeDay(day: ProgramDay): FreeUnit {
  return {
    number: 1,
    title: day.title,
    summary: day.summary,
    minutes: workoutMinutes(day.blocks),
    exercises: day.blocks.map((b) => ({
      exercise: b.exercise,
      sets: b.sets,
      reps: b.reps,
      seconds: b.seconds,
    })),
    topics: [],
  };
}

function freeLesson(lesson: Lesson): FreeUnit {
  const opening = lesson.body.find((b) => styleOf(b) === 'normal' && !isList(b) && blockText(b).trim());
  return {
    number: 1,
    title: lesson.title,
    summary: opening ? blockText(opening) : null,
    minutes: readingMinutes(lesson.body),
    exercises: [],
    topics: lesson.body
      .filter((b) => ['h2', 'h3'].includes(String(styleOf(b))))
      .map(blockText)
      .filter(Boolean),
  };
}

/** A challenge's sample; null when its program has no day. */
export function programSample(program: Program): ProductSample | null {
  const [first, ...rest] = program.days;
  if (!first) return null;
  return {
    kind: 'challenge',
    product: program.product,
    title: program.title,
    unitCount: program.days.length,
    free: freeDay(first),
    locked: rest.map((day) => ({ number: day.number, title: day.title, module: null })),
  };
}

/** A course's sample; null when it has no lesson. */
export function courseSample(course: Course): ProductSample | null {
  const lessons = course.modules.flatMap((m) => m.lessons.map((lesson) => ({ lesson, module: m.title })));
  const [first, ...rest] = lessons;
  if (!first) return null;
  return {
    kind: 'course',
    product: course.product,
    title: course.title,
    unitCount: lessons.length,
    free: freeLesson(first.lesson),
    locked: rest.map(({ lesson, module }) => ({ number: lesson.number, title: lesson.title, module })),
  };
}
