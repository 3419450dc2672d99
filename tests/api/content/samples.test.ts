// The public sample of a challenge and a course (`getProductSample`): the first day or lesson with
// what it holds and about how long it takes, the other units' titles only. The oracle is the demo
// dataset file itself, read here line by line: every text of a locked unit other than its title
// (a day's summary and notes, a lesson's body and files) must be absent from the answer.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../app.ts';
import { expectContract } from '../contract.ts';

type Doc = Record<string, unknown> & { _type: string };
const dataset: Doc[] = readFileSync(new URL('../../../content/production.ndjson', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const program = dataset.find((d) => d._type === 'program' && d.product === '30-day-shred') as Doc & {
  days: Doc[];
};
const course = dataset.find((d) => d._type === 'course' && d.product === 'strength-foundations') as Doc & {
  modules: (Doc & { lessons: Doc[] })[];
};

/** Every string anywhere in a value: the oracle's view of what a unit holds. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object')
    return Object.entries(value)
      .filter(([key]) => !key.startsWith('_') && key !== 'provider' && key !== 'style' && key !== 'listItem')
      .flatMap(([, v]) => strings(v));
  return [];
}
const text = (value: unknown, lang: 'en' | 'es') => (value as Record<string, string>)[lang];

let app: FastifyInstance;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ app, close: stop } = await startTestApp());
});
afterAll(() => stop());

async function sample(kind: string, slug: string, lang = 'en') {
  const res = await app.inject({ method: 'GET', url: `/api/content/samples/${kind}/${slug}?lang=${lang}` });
  expect(res.statusCode).toBe(200);
  return { body: res.body, sample: (expectContract(res, 'getProductSample') as { sample: Sample }).sample };
}
interface Sample {
  kind: string;
  title: string;
  unitCount: number;
  free: Record<string, unknown>;
  locked: { number: number; title: string; module: string | null }[];
}

describe.each(['en', 'es'] as const)('the sample in %s', (lang) => {
  it('shows a challenge’s day 1 with its exercises and minutes, and only the titles of days 2 to 30', async () => {
    const { sample: s, body } = await sample('challenge', '30-day-shred', lang);
    const [day1, ...rest] = program.days;
    expect(s.unitCount).toBe(30);
    expect(s.free).toMatchObject({
      number: 1,
      title: text(day1?.title, lang),
      summary: text(day1?.summary, lang),
    });
    // 2×(12·3+60) + 2×(8·3+60) + 2×(15·3+45) + 2×(20+45) = 670 s: about 12 minutes.
    expect(s.free.minutes).toBe(12);
    expect((s.free.exercises as { exercise: string }[]).map((e) => e.exercise)).toEqual(
      ((day1?.blocks ?? []) as Doc[]).map((b) => text(b.exercise, lang)),
    );
    expect(s.locked).toEqual(
      rest.map((day, i) => ({ number: i + 2, title: text(day.title, lang), module: null })),
    );
    const shown = new Set([...strings(day1), ...program.days.map((d) => text(d.title, lang))]);
    const hidden = rest.flatMap(strings).filter((t) => !shown.has(t));
    expect(hidden.length).toBeGreaterThan(100);
    for (const t of hidden) expect(body).not.toContain(JSON.stringify(t).slice(1, -1));
  });

  it('shows a course’s lesson 1 with its opening and headings, and only the titles of the other lessons', async () => {
    const { sample: s, body } = await sample('course', 'strength-foundations', lang);
    const lessons = course.modules.flatMap((m) => m.lessons.map((l) => ({ l, module: text(m.title, lang) })));
    const [first, ...rest] = lessons;
    const firstBody = text(first?.l.body, lang) as unknown as Doc[];
    const spans = (b: Doc) => (b.children as { text: string }[]).map((c) => c.text).join('');
    expect(s.unitCount).toBe(12);
    expect(s.free).toMatchObject({
      number: 1,
      title: text(first?.l.title, lang),
      summary: spans(firstBody[0] as Doc),
      topics: firstBody.filter((b) => b.style === 'h2').map(spans),
      exercises: [],
    });
    expect(s.free.minutes).toBe(1);
    expect(s.locked).toEqual(
      rest.map(({ l, module }, i) => ({ number: i + 2, title: text(l.title, lang), module })),
    );
    const shown = new Set([...strings(first?.l), ...lessons.map(({ l }) => text(l.title, lang))]);
    const hidden = rest.flatMap(({ l }) => strings(l)).filter((t) => !shown.has(t) && t.length > 3);
    expect(hidden.length).toBeGreaterThan(100);
    for (const t of hidden) expect(body).not.toContain(JSON.stringify(t).slice(1, -1));
  });
});

describe('a sample asked wrongly', () => {
  it('answers 404 for a product the CMS has no program or course for, and 400 for an unknown kind', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/content/samples/challenge/no-such-thing' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      success: false,
      message: 'No challenge named "no-such-thing" to sample',
    });
    // The course's slug asked as a challenge: no program has it.
    const crossed = await app.inject({
      method: 'GET',
      url: '/api/content/samples/challenge/strength-foundations',
    });
    expect(crossed.statusCode).toBe(404);
    const kind = await app.inject({ method: 'GET', url: '/api/content/samples/video/30-day-shred' });
    expect(kind.statusCode).toBe(400);
  });
});
