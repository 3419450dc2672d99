// What readiness asks the database: whether it answers with every migration of this build applied.
import type { Database } from '../db/index.ts';
import { migrationsApplied } from '../db/index.ts';

export function databaseMigrated(db: Database): Promise<boolean> {
  return migrationsApplied(db);
}
