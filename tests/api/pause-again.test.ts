// A pause called off and asked again in the same second is a new request: the second pause is
// recorded (its gateway event was once taken for a retry of the first and dropped, the member's
// view showing no pause after the portal answered 303).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { trainers } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver, submitPage } from './hosted-pages.ts';
import type { Member } from './members.ts';

let t: TestApp;
const billing = billingDriver(() => t);
beforeAll(async () => {
  t = await startTestApp();
  await t.context.db
    .update(trainers)
    .set({ pauseMonths: [1] })
    .where(eq(trainers.id, DEMO_TRAINER_ID));
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** The pause the portal offers, as its form sends it. */
async function offeredPause(path: string) {
  const page = await t.app.inject({ method: 'GET', url: path });
  return /name="pause" value="(1:[^"]+)"/.exec(page.body)?.[1];
}

async function liveSubscription(member: Member) {
  const [sub] = (await billing.customerOf(member)).subscriptions.data;
  if (!sub) throw new Error('The member has no subscription');
  return sub;
}

describe('a pause asked again after calling the first one off', () => {
  it('is recorded each time, and the portal offers it again after each calling-off', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await billing.subscribe(member, 'demo-trainer-price-monthly');
    const path = await billing.portal(member);
    const { id, current_period_end: periodEnd } = await liveSubscription(member);
    // Every step within one second, as a quick member's or a test's are: the events' times do not move.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

    for (let round = 1; round <= 3; round++) {
      const pause = await offeredPause(path);
      expect(pause, `round ${round}: the portal offers a pause`).toBeDefined();
      const paused = await submitPage(t.app, path, { action: 'pause', subscription: id, pause: pause ?? '' });
      expect(paused.statusCode).toBe(303);
      expect((await liveSubscription(member)).pause?.starts_at, `round ${round}`).toBe(periodEnd);

      const resumed = await submitPage(t.app, path, { action: 'resume', subscription: id });
      expect(resumed.statusCode).toBe(303);
      expect((await liveSubscription(member)).pause, `round ${round}`).toBeNull();
    }
  });

  it('sent twice (the form posted again) pauses once', async () => {
    const member = await createMember(t.context, { hadTrial: true });
    await billing.subscribe(member, 'demo-trainer-price-monthly');
    const path = await billing.portal(member);
    const { id } = await liveSubscription(member);
    const pause = (await offeredPause(path)) ?? '';
    const form = { action: 'pause', subscription: id, pause };
    const answers = await Promise.all([submitPage(t.app, path, form), submitPage(t.app, path, form)]);
    // The second finds the subscription paused: the page says the offer changed, and nothing else happens.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 400]);
    expect((await liveSubscription(member)).pause).not.toBeNull();
  });
});
