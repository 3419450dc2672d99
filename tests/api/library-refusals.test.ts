// The library's refusals through the real server: a visitor asked to sign in, a member who holds
// nothing refused each item with why and what to buy (never its content), 404 for what does not
// exist, and 503 when the CMS cannot be read.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { libraryProgress } from '../../server/db/schema.ts';
import { closedAfterEach, startTestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { api, libraryApp, money, t } from './library.fixtures.ts';
import { COURSE, ENTRY, libraryCalls, PRICE, SHRED } from './library-calls.ts';
import { TEST_ENV } from './members.ts';

libraryApp();

describe('a visitor', () => {
  it('is asked to sign in (401) by every library operation, with no content', async () => {
    const answers = [
      await api.library(null),
      await api.item(null, SHRED),
      await api.unit(null, SHRED, 'any'),
      await api.mark(null, SHRED, 'any', true),
    ];
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(Object.keys(a.res.json()).sort()).toEqual(['message', 'success']);
    }
  });
});

describe('a member who holds nothing', () => {
  it('has an empty library, and is refused each item with why and what to buy, never its content', async () => {
    const m = await createMember(t.context);
    expect((await api.library(m)).ok).toEqual({ success: true, items: [], locked: [] });

    const shred = await api.item(m, SHRED);
    expect(shred.status).toBe(403);
    expect(shred.refusal).toMatchObject({
      reason: 'notHeld',
      message: '30-Day Shred is not among what you hold: buy it to open it',
      product: { kind: 'challenge', slug: '30-day-shred', name: '30-Day Shred' },
    });
    expect(shred.refusal?.product?.plans.map((p) => [p.id, p.amount])).toEqual([[PRICE.challenge, 4900]]);
    expect(shred.res.body).not.toMatch(/units|blocks|Full-body foundations/);

    // The course offers both of its prices; a library entry, the membership's plans.
    const course = await api.item(m, COURSE, 'es');
    expect(course.refusal).toMatchObject({
      reason: 'notHeld',
      product: { kind: 'course', name: 'Fundamentos de fuerza' },
    });
    expect(course.refusal?.product?.plans.map((p) => p.amount)).toEqual([9900, 14900]);
    expect(course.refusal?.message).toBe(
      'Fundamentos de fuerza no está entre lo que tienes: cómpralo para abrirlo',
    );
    const entry = await api.unit(m, ENTRY.everyPlan, 'main');
    expect(entry.refusal).toMatchObject({ reason: 'notHeld', product: { kind: 'membership', slug: null } });
    expect(entry.refusal?.product?.plans.length).toBe(6);
    // A plan-limited entry offers only the plans that include it.
    const annual = await api.item(m, ENTRY.annualOnly);
    expect(annual.refusal?.product?.plans.map((p) => p.id)).toEqual([PRICE.annual]);

    const marked = await api.mark(m, SHRED, 'any', true);
    expect(marked.status).toBe(403);
    expect(marked.refusal?.reason).toBe('notHeld');
  });

  it('gets 404 for an item or a unit that does not exist, and 400 for a kind the contract does not know', async () => {
    const m = await createMember(t.context);
    for (const answer of [
      await api.item(m, 'challenge/no-such-challenge'),
      await api.item(m, 'workout/no-such-workout'),
      await api.unit(m, 'course/30-day-shred', 'main'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.refusal?.message).toBe('There is nothing in the library at this address');
    }
    await money.buy(m, PRICE.challenge);
    const unit = await api.unit(m, SHRED, 'no-such-day', 'es');
    expect(unit.status).toBe(404);
    expect(unit.refusal?.message).toBe('Reto Shred de 30 días no tiene ese día ni esa lección');
    expect((await api.mark(m, SHRED, 'no-such-day', true)).status).toBe(404);
    expect((await api.item(m, 'video/anything')).status).toBe(400);
  });
});

describe('when the CMS cannot be read', () => {
  const apps = closedAfterEach();
  it('answers 503 with a time to try again, and records nothing', async () => {
    const broken = await startTestApp({ env: { ...TEST_ENV, CONTENT_DIR: 'no-such-content-dir' } });
    apps.push(broken);
    const m = await createMember(broken.context);
    const calls = libraryCalls(() => broken);
    for (const answer of [
      await calls.library(m),
      await calls.item(m, SHRED),
      await calls.mark(m, SHRED, 'x', true),
    ]) {
      expect(answer.status).toBe(503);
      expect(answer.res.headers['retry-after']).toBe('5');
      expect(answer.refusal?.message).toBe(
        "The library's content is briefly unavailable: try again in a moment",
      );
    }
    expect(
      await broken.context.db.select().from(libraryProgress).where(eq(libraryProgress.userId, m.id)),
    ).toEqual([]);
  });
});
