import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema.d.ts';
import { DEMO_IMAGES, DEMO_IMAGES_DIR } from '../../server/db/demo-images.ts';
import { prices } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';

type Products = components['schemas']['Products'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedTrainer(t.context.db, { id: 'other-trainer', name: 'Other' });
});
afterAll(async () => {
  await t.close();
});

const getProducts = async (trainerID: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/trainer/${trainerID}/products` });
  return { res, body: expectContract(res, 'getProducts') as Products };
};

describe('products', () => {
  it('holds the membership with its recurring plans for every interval in subscriptions[0]', async () => {
    const { res, body } = await getProducts(DEMO_TRAINER_ID);
    expect(res.statusCode).toBe(200);
    const membership = body.subscriptions[0];
    expect(membership?.metadata.typeProduct).toBe('subscription');
    const plans = membership?.plans ?? [];
    expect(plans.every((p) => p.type === 'recurring' && p.currency === 'usd' && p.active)).toBe(true);
    expect(plans.map((p) => `${p.interval}/${p.interval_count}`).sort()).toEqual(
      ['day/1', 'month/1', 'month/3', 'month/6', 'week/1', 'year/1'].sort(),
    );
    expect(plans.some((p) => (p.trialDays ?? 0) > 0)).toBe(true);
  });

  it('lists the challenge and the course with slug, one-time plans and page texts', async () => {
    const { body } = await getProducts(DEMO_TRAINER_ID);
    const [challenge] = body.challenges;
    expect(challenge).toMatchObject({
      slug: '30-day-shred',
      metadata: { typeProduct: 'challenge' },
      challengeHeaderText: 'Join the 30-Day Shred',
      challengeImage: DEMO_IMAGES.challenge,
    });
    expect(challenge?.plans.map((p) => p.type)).toEqual(['one_time']);
    const [course] = body.courses;
    expect(course).toMatchObject({
      slug: 'strength-foundations',
      metadata: { typeProduct: 'course' },
      challengeImage: DEMO_IMAGES.course,
    });
    expect(course?.plans).toHaveLength(2);
    expect(course?.plans.every((p) => p.type === 'one_time' && p.interval === null)).toBe(true);
  });

  it("serves the demo's pictures, small, for a year, under names that change with their content", async () => {
    const { body } = await getProducts(DEMO_TRAINER_ID);
    const urls = [body.challenges[0]?.challengeImage, body.courses[0]?.challengeImage];
    expect(urls).toEqual([DEMO_IMAGES.challenge, DEMO_IMAGES.course]);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url: String(url) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(60_000);
      // No script in a picture: an SVG opened on its own would run it on the site's origin.
      expect(res.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    }
    for (const file of readdirSync(DEMO_IMAGES_DIR)) {
      const hash = createHash('sha256')
        .update(readFileSync(path.join(DEMO_IMAGES_DIR, file)))
        .digest('hex');
      expect(file).toMatch(new RegExp(`\\.${hash.slice(0, 10)}\\.svg$`));
    }
  });

  it('answers a missing demo picture with a JSON 404, not the HTML shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo-images/nope.0000000000.svg' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('does not offer an inactive price', async () => {
    await t.context.db
      .update(prices)
      .set({ active: false })
      .where(eq(prices.id, 'other-trainer-price-daily'));
    const { body } = await getProducts('other-trainer');
    const ids = body.subscriptions[0]?.plans.map((p) => p.id);
    expect(ids).not.toContain('other-trainer-price-daily');
    expect(ids).toContain('other-trainer-price-weekly');
  });

  it("shows only the trainer's own products", async () => {
    const { body } = await getProducts(DEMO_TRAINER_ID);
    const ids = [...body.subscriptions, ...body.challenges, ...body.courses].flatMap((p) => [
      p.id,
      ...p.plans.map((plan) => plan.id),
    ]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith(`${DEMO_TRAINER_ID}-`))).toBe(true);
  });

  it('answers an unknown trainer with 404', async () => {
    const { res, body } = await getProducts('no-such-trainer');
    expect(res.statusCode).toBe(404);
    expect(body).toEqual({ success: false, message: 'Unknown trainer' });
  });
});
