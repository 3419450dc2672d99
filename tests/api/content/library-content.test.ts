// The members' content of the embedded dataset against the running server: its downloads and
// pictures are served where their URLs point, and what it names in the catalogue is there (the
// challenge and the course by their product slugs, each plan a library entry is limited to by a
// lookup key of the demo trainer's prices).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentServiceFor } from '../../../server/content/content-service.ts';
import { prices, products } from '../../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../../server/db/seed.ts';
import { startTestApp, type TestApp } from '../app.ts';

let site: TestApp;
beforeAll(async () => {
  site = await startTestApp();
});
afterAll(() => site.close());

describe("the members' content of the embedded dataset", () => {
  it("serves the course's download as a PDF and the program's pictures as images", async () => {
    const content = contentServiceFor(site.context.config);
    const course = await content.course('strength-foundations');
    const log = course?.modules[0]?.lessons[0]?.files[0];
    expect(log?.url).toMatch(/^\/content-assets\/[0-9a-f]{40}\.pdf$/);
    const pdf = await site.app.inject({ method: 'GET', url: log?.url as string });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const program = await content.program('30-day-shred');
    const poster = program?.days[0]?.video?.poster?.url as string;
    const image = await site.app.inject({ method: 'GET', url: poster });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it("names the demo trainer's challenge and course, and only plans its prices have", async () => {
    const content = contentServiceFor(site.context.config);
    const slugs = (await site.context.db.select({ slug: products.slug, kind: products.kind }).from(products))
      .filter((p) => p.kind !== 'subscription')
      .map((p) => p.slug);
    expect((await content.program('30-day-shred'))?.product).toBe('30-day-shred');
    expect((await content.course('strength-foundations'))?.product).toBe('strength-foundations');
    expect(slugs).toEqual(expect.arrayContaining(['30-day-shred', 'strength-foundations']));
    const keys = (
      await site.context.db
        .select({ key: prices.lookupKey, trainer: prices.trainerId, type: prices.type })
        .from(prices)
    )
      .filter((p) => p.trainer === DEMO_TRAINER_ID && p.type === 'recurring')
      .map((p) => p.key);
    const plans = (await content.library()).flatMap((entry) => entry.plans ?? []);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(keys).toContain(plan);
  });
});
