// The database of the browser suite's `no-annual` site (tests/e2e/sites.ts), made before the site's
// server starts, while the other sites start (tests/e2e/site-servers.ts): PGlite serves one process
// at a time.
//   node tests/e2e/no-annual-site.ts <data directory>
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/index.ts';
import { prices } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedIfEmpty } from '../../server/db/seed.ts';

/** The annual plan the site takes off sale. */
export const ANNUAL_PRICE = `${DEMO_TRAINER_ID}-price-annual`;

/**
 * The `no-annual` site's database, made before its server starts (PGlite serves one process): the
 * demo trainer seeded as the server would, then its annual plan taken off sale, as a trainer does in
 * the dashboard. Checkout only ever sells active prices, so the site sells no annual plan at all.
 */
export async function prepareNoAnnualSite(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await seedIfEmpty(database.db);
    await database.db
      .update(prices)
      .set({ active: false })
      .where(and(eq(prices.trainerId, DEMO_TRAINER_ID), eq(prices.id, ANNUAL_PRICE)));
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('Usage: node tests/e2e/no-annual-site.ts <data directory>');
  await prepareNoAnnualSite(dir);
}
