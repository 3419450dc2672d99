// The demo trainer that `npm start` serves on an empty database: plans for every interval (some with
// a free trial), a challenge and a course with their page texts and pictures, and a promo code. Its
// id is the SPA's trainer id, so a fresh clone works end to end with no setup.
import { count, sql } from 'drizzle-orm';
import type { BillingInterval } from '../../openapi/contract-values.ts';
import { DEMO_IMAGES } from './demo-images.ts';
import type { Database } from './index.ts';
import { coupons, prices, products, trainers } from './schema.ts';

export const DEMO_TRAINER_ID = 'demo-trainer';
export const DEMO_PROMO_CODE = 'WELCOME10';

type NewPrice = typeof prices.$inferInsert;
/** A plan's name in English and in Spanish. */
type Names = { en: string; es: string };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Trainer = {
  id: string;
  name: string;
  legalName?: string | null;
  address?: string | null;
  taxId?: string | null;
};

/** The demo trainer's made-up invoicing details (decision 154), so its invoices show where they go. */
export const DEMO_INVOICING = {
  legalName: 'Demo Trainer Fitness S.L.',
  address: 'Calle del Ejemplo 12\n28001 Madrid\nSpain',
  taxId: 'ESB12345678',
};

/** Instances starting together on one empty database take turns to seed it: the first seeds, the others find a trainer. */
export const SEED_LOCK_KEY = 7_260_415_002;

export async function seedTrainer(db: Database, trainer: Trainer): Promise<void> {
  await db.transaction((tx) => insertTrainer(tx, trainer));
}

async function insertTrainer(tx: Transaction, trainer: Trainer): Promise<void> {
  const p = (suffix: string) => `${trainer.id}-${suffix}`;
  const recurring = (
    suffix: string,
    names: Names,
    amount: number,
    interval: BillingInterval,
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
    nickname: names.en,
    nicknames: { es: names.es },
    trialDays,
    lookupKey: suffix,
  });
  const oneTime = (productSuffix: string, suffix: string, names: Names, amount: number): NewPrice => ({
    id: p(`price-${suffix}`),
    trainerId: trainer.id,
    productId: p(productSuffix),
    currency: 'usd',
    amount,
    type: 'one_time',
    interval: null,
    intervalCount: null,
    nickname: names.en,
    nicknames: { es: names.es },
    trialDays: null,
    lookupKey: suffix,
  });

  await tx.insert(trainers).values(trainer);
  await tx.insert(products).values([
    {
      id: p('membership'),
      trainerId: trainer.id,
      kind: 'subscription',
      // Its key in a catalogue file (decision 121); a membership has no page of its own.
      slug: 'membership',
      name: 'Coaching Membership',
      names: { es: 'Membresía de coaching' },
      description: 'Weekly programming, nutrition guidance and coach check-ins.',
      position: 0,
    },
    {
      id: p('challenge'),
      trainerId: trainer.id,
      kind: 'challenge',
      slug: '30-day-shred',
      name: '30-Day Shred',
      // As its plan is named, so a receipt or a hosted page says it once.
      names: { es: 'Reto Shred de 30 días' },
      description: 'Thirty days of guided workouts to build the habit.',
      position: 1,
      page: {
        challengeImage: DEMO_IMAGES.challenge,
        challengeHeaderText: { en: 'Join the 30-Day Shred', es: 'Únete al Shred de 30 días' },
        challengeSubText: {
          en: 'A guided workout every day for thirty days, with a community to keep you going.',
          es: 'Un entrenamiento guiado cada día durante treinta días, con una comunidad que te anima.',
        },
        challengeButtonText: { en: 'Join the challenge', es: 'Únete al reto' },
        subscriptionHeaderText: { en: 'Keep going with a membership', es: 'Sigue con una membresía' },
        subscriptionSubText: {
          en: 'Add coaching to your challenge and keep your progress after day 30.',
          es: 'Suma coaching a tu reto y conserva tu progreso después del día 30.',
        },
        subscriptionButtonText: { en: 'Checkout', es: 'Pagar' },
      },
    },
    {
      id: p('course'),
      trainerId: trainer.id,
      kind: 'course',
      slug: 'strength-foundations',
      name: 'Strength Foundations',
      names: { es: 'Fundamentos de fuerza' },
      description: 'Learn the big lifts with video lessons and a six-week plan.',
      position: 2,
      page: {
        challengeImage: DEMO_IMAGES.course,
        challengeHeaderText: { en: 'Strength Foundations', es: 'Fundamentos de fuerza' },
        challengeSubText: {
          en: 'Six weeks of video lessons that teach the squat, hinge, press and pull.',
          es: 'Seis semanas de lecciones en vídeo para aprender la sentadilla, la bisagra, el empuje y la tracción.',
        },
        challengeButtonText: { en: 'Get the course', es: 'Obtén el curso' },
        subscriptionHeaderText: null,
        subscriptionSubText: null,
        subscriptionButtonText: null,
      },
    },
  ]);
  await tx.insert(prices).values([
    recurring('daily', { en: 'Day Pass', es: 'Pase de un día' }, 499, 'day', 1, null),
    recurring('weekly', { en: 'Weekly', es: 'Semanal' }, 1499, 'week', 1, null),
    recurring('monthly', { en: 'Monthly', es: 'Mensual' }, 2999, 'month', 1, 7),
    recurring('quarterly', { en: 'Quarterly', es: 'Trimestral' }, 7999, 'month', 3, 7),
    recurring('biannual', { en: 'Biannual', es: 'Semestral' }, 14999, 'month', 6, null),
    recurring('annual', { en: 'Annual', es: 'Anual' }, 24999, 'year', 1, 14),
    oneTime('challenge', 'challenge', { en: '30-Day Shred', es: 'Reto Shred de 30 días' }, 4900),
    oneTime('course', 'course', { en: 'Strength Foundations', es: 'Fundamentos de fuerza' }, 9900),
    oneTime(
      'course',
      'course-coached',
      {
        en: 'Strength Foundations with coach review',
        es: 'Fundamentos de fuerza con revisión del coach',
      },
      14900,
    ),
  ]);
  await tx.insert(coupons).values({
    id: p('coupon-welcome'),
    trainerId: trainer.id,
    code: DEMO_PROMO_CODE,
    percentOff: 10,
  });
}

/** Seeds the demo trainer when the database has no trainer at all. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ n: count() }).from(trainers);
    if ((row?.n ?? 0) > 0) return false;
    await insertTrainer(tx, { id: DEMO_TRAINER_ID, name: 'Demo Trainer', ...DEMO_INVOICING });
    return true;
  });
}
