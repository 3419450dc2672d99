// The app the catalogue file's tests run against (decision 121), its catalogue cached for five
// minutes so a change seen at once in the public catalogue is the cache emptied, not expired; and
// the calls, rows and catalogues those tests read.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminAudit, prices } from '../../server/db/schema.ts';
import { seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { type AnswerBody, adminCalls } from './contract.ts';
import { TEST_ENV } from './members.ts';

export const CATALOGUE_TOKEN = 'catalogue-admin-token-long-enough-0123';
export const headers = { 'admin-token': CATALOGUE_TOKEN, 'admin-actor': 'Ana Operator' };

// biome-ignore lint/suspicious/noExplicitAny: a catalogue file as a test edits it
export type File = any;

export function catalogueApp() {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { ...TEST_ENV, ADMIN_TOKEN: CATALOGUE_TOKEN, CATALOGUE_MAX_AGE_SECONDS: '300' },
    });
  });
  afterAll(() => t.close());

  const call = adminCalls(() => t, headers);
  const catalogueUrl = (trainer: string) => `/api/admin/trainers/${trainer}/catalogue`;
  const exported = async (trainer: string): Promise<File> =>
    (await call('adminExportCatalogue', 'GET', catalogueUrl(trainer))).body.catalogue;
  const importing = (trainer: string, catalogue: unknown, dryRun?: boolean) =>
    call('adminImportCatalogue', 'POST', catalogueUrl(trainer), {
      catalogue,
      ...(dryRun !== undefined && { dryRun }),
    });
  const summaries = (body: AnswerBody) => (body.changes as { summary: string }[]).map((c) => c.summary);
  const auditRows = () =>
    t.context.db.select().from(adminAudit).orderBy(asc(adminAudit.createdAt), asc(adminAudit.id));
  const pricesOf = (trainer: string) =>
    t.context.db.select().from(prices).where(eq(prices.trainerId, trainer)).orderBy(asc(prices.id));

  async function publicCatalogue(trainer: string, lang = 'en') {
    const res = await t.app.inject({ method: 'GET', url: `/api/trainer/${trainer}/products?lang=${lang}` });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      subscriptions: { plans: { id: string; amount: number }[] }[];
      challenges: {
        slug: string;
        challengeHeaderText: string | null;
        plans: { id: string; amount: number }[];
      }[];
      courses: { slug: string }[];
    };
  }

  /** A trainer of its own for each test, seeded like the demo. */
  async function freshTrainer(id: string) {
    await seedTrainer(t.context.db, { id, name: `Coach ${id}` });
    return id;
  }

  return {
    app: () => t,
    call,
    catalogueUrl,
    exported,
    importing,
    summaries,
    auditRows,
    pricesOf,
    publicCatalogue,
    freshTrainer,
  };
}
