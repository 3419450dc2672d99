// Everything a request handler needs, created once at start and closed at shutdown. Tests build
// the same context over a throwaway database.
import type { FastifyPluginAsync } from 'fastify';
import { startPruning } from './accounts/prune.ts';
import { MemberViews } from './auth/member-view-cache.ts';
import { type Background, createBackground } from './background.ts';
import { type CatalogueChanges, catalogueChanges } from './catalogue/catalogue-changes.ts';
import type { Config } from './config.ts';
import { type Database, type DatabaseKind, openDatabase } from './db/index.ts';
import { seedIfEmpty } from './db/seed.ts';
import { createMail, type Mail } from './mail/mailer.ts';
import { createPayments, type Payments } from './payments/index.ts';
import { connectRedis, type Redis } from './redis.ts';

export interface ServerContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  mail: Mail;
  background: Background;
  /** The shared store of the rate limits, when REDIS_URL is set. */
  redis: Redis | null;
  /** Tells the catalogue caches of every instance that a trainer's catalogue changed. */
  catalogueChanges: CatalogueChanges;
  /** What GET /api/user answered a moment ago, per session (decision 097). */
  memberViews: MemberViews;
  /** The payment gateway this server sells through, and the processor of its events. */
  payments: Payments;
  close(): Promise<void>;
}

/**
 * One area of the API (accounts, the catalogue, checkout…) as an encapsulated Fastify plugin: it
 * serves its operations of the contract with `app.operations()`, and what it registers stays inside.
 */
export type AreaPlugin = FastifyPluginAsync<{ context: ServerContext }>;

export async function createContext(config: Config): Promise<ServerContext> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    deadlines: { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, queryMs: config.DATABASE_QUERY_TIMEOUT_MS },
  });
  await seedIfEmpty(database.db);
  const mail = createMail(config, database.db, database.connection);
  const background = createBackground();
  const redis = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, console, config.REDIS_TIMEOUT_MS)
    : null;
  const stopPruning = startPruning(database.db, console);
  const memberViews = new MemberViews({
    maxAgeMs: config.MEMBER_VIEW_MAX_AGE_MS,
    maxEntries: 10_000,
    soleWriter: database.kind === 'pglite',
  });
  const changes = catalogueChanges(redis);
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    mail,
    background,
    redis,
    memberViews,
    catalogueChanges: changes,
    payments: await createPayments(config, database.db, mail, memberViews),
    close: async () => {
      stopPruning();
      await background.settled();
      await mail.close();
      await database.close();
      changes.close();
      redis?.disconnect();
    },
  };
}
