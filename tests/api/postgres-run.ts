// The `api-postgres` run's global setup: it names the run, which each test database's name carries,
// and at the end drops whatever databases of the run are left. A server's close starts its database's
// drop without waiting for it (a drop waits for a checkpoint of the whole cluster: seconds on a busy
// machine, decision 181), so the last drops of a worker may still be under way when the run ends.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What the names of this run's test databases start with, after `api_test_`. */
    apiTestRun: string;
  }
}

export default function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('apiTestRun', run);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`api_test_${run}_%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
