// The demo trainer that `npm start` serves on an empty database: plans for every interval (some with
// a free trial), a challenge and a course with their page texts, and a promo code. Its id is the
// SPA's trainer id, so a fresh clone works end to end with no setup.
import { count } from 'drizzle-orm';
import type { Database } from './index.ts';
import { coupons, prices, products, trainers } from './schema.ts';

export const DEMO_TRAINER_ID = 'demo-trainer';
export const DEMO_PROMO_CODE = 'WELCOME10';

type NewPrice = typeof prices.$inferInsert;

export async function seedTrainer(db: Database, trainer: { id: string; name: string }): Promise<void> {
  const p = (suffix: string) => `${trainer.id}-${suffix}`;
  const recurring = (
    suffix: string,
    nickname: string,
    amount: number,
    interval: 'day' | 'week' | 'month' | 'year',
    intervalCount: number,
    trialDays: number | null,
  ): NewPrice => ({
    id: p(`price-${suffix}`),
    trainerId: trainer.id,
    productId: p('membership'),
    currency: 'usd',
    amount,
    type: 'recurring',
    interval,
    intervalCount,
    nickname,
    trialDays,
  });
  const oneTime = (productSuffix: string, suffix: string, nickname: string, amount: number): NewPrice => ({
    id: p(`price-${suffix}`),
    trainerId: trainer.id,
    productId: p(productSuffix),
    currency: 'usd',
    amount,
    type: 'one_time',
    interval: null,
    intervalCount: null,
    nickname,
    trialDays: null,
  });

  await db.transaction(async (tx) => {
    await tx.insert(trainers).values(trainer);
    await tx.insert(products).values([
      {
        id: p('membership'),
        trainerId: trainer.id,
        kind: 'subscription',
        name: 'Coaching Membership',
        description: 'Weekly programming, nutrition guidance and coach check-ins.',
        position: 0,
      },
      {
        id: p('challenge'),
        trainerId: trainer.id,
        kind: 'challenge',
        slug: '30-day-shred',
        name: '30-Day Shred',
        description: 'Thirty days of guided workouts to build the habit.',
        position: 1,
        page: {
          challengeImage: null,
          challengeHeaderText: 'Join the 30-Day Shred',
          challengeSubText: 'A guided workout every day for thirty days, with a community to keep you going.',
          challengeButtonText: 'Join the challenge',
          subscriptionHeaderText: 'Keep going with a membership',
          subscriptionSubText: 'Add coaching to your challenge and keep your progress after day 30.',
          subscriptionButtonText: 'Checkout',
        },
      },
      {
        id: p('course'),
        trainerId: trainer.id,
        kind: 'course',
        slug: 'strength-foundations',
        name: 'Strength Foundations',
        description: 'Learn the big lifts with video lessons and a six-week plan.',
        position: 2,
        page: {
          challengeImage: null,
          challengeHeaderText: 'Strength Foundations',
          challengeSubText: 'Six weeks of video lessons that teach the squat, hinge, press and pull.',
          challengeButtonText: 'Get the course',
          subscriptionHeaderText: null,
          subscriptionSubText: null,
          subscriptionButtonText: null,
        },
      },
    ]);
    await tx
      .insert(prices)
      .values([
        recurring('daily', 'Day Pass', 499, 'day', 1, null),
        recurring('weekly', 'Weekly', 1499, 'week', 1, null),
        recurring('monthly', 'Monthly', 2999, 'month', 1, 7),
        recurring('quarterly', 'Quarterly', 7999, 'month', 3, 7),
        recurring('biannual', 'Biannual', 14999, 'month', 6, null),
        recurring('annual', 'Annual', 24999, 'year', 1, 14),
        oneTime('challenge', 'challenge', '30-Day Shred', 4900),
        oneTime('course', 'course', 'Strength Foundations', 9900),
        oneTime('course', 'course-coached', 'Strength Foundations with coach review', 14900),
      ]);
    await tx.insert(coupons).values({
      id: p('coupon-welcome'),
      trainerId: trainer.id,
      code: DEMO_PROMO_CODE,
      percentOff: 10,
    });
  });
}

/** Seeds the demo trainer when the database has no trainer at all. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(trainers);
  if ((row?.n ?? 0) > 0) return false;
  await seedTrainer(db, { id: DEMO_TRAINER_ID, name: 'Demo Trainer' });
  return true;
}
