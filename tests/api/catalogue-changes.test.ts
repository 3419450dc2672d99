// An admin change reaches every instance's catalogue cache through Redis (decision 117): two
// instances, each with its own connection to the same Redis, as two processes would have.
import { afterAll, describe, expect, it } from 'vitest';
import { type CatalogueChanges, catalogueChanges } from '../../server/catalogue/catalogue-changes.ts';
import { connectRedis, type Redis } from '../../server/redis.ts';
import { freshRedis } from './redis-probe.ts';

const REDIS_URL = 'redis://127.0.0.1:6379/9';
const redisUp = await freshRedis(REDIS_URL);
if (!redisUp) console.log('catalogue change tests skipped: Redis does not answer at 127.0.0.1:6379');

const quiet = { warn: () => {}, info: () => {} };
const opened: { redis: Redis; changes: CatalogueChanges }[] = [];
afterAll(() => {
  for (const { redis, changes } of opened) {
    changes.close();
    redis.disconnect();
  }
});

async function instance() {
  const redis = await connectRedis(REDIS_URL, quiet);
  const changes = catalogueChanges(redis, quiet);
  const heard: string[] = [];
  changes.onChange((trainerId) => heard.push(trainerId));
  opened.push({ redis, changes });
  return { changes, heard };
}

describe.skipIf(!redisUp)('catalogue changes across instances', () => {
  it('tells the instance that made the change at once, and the others through Redis', async () => {
    const a = await instance();
    const b = await instance();
    await a.changes.changed('trainer-one');
    // At once, before Redis: its own message comes back later too, and forgetting twice is harmless.
    expect(a.heard).toContain('trainer-one');
    // B subscribes once its own connection is ready: a change made before then reaches it only by
    // expiry, so the change is told again until B has heard it once.
    const deadline = Date.now() + 5000;
    while (!b.heard.includes('trainer-one') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      if (!b.heard.includes('trainer-one')) await a.changes.changed('trainer-one');
    }
    expect(b.heard.length).toBeGreaterThan(0);
    expect(new Set(b.heard)).toEqual(new Set(['trainer-one']));
  });
});

describe('catalogue changes without Redis', () => {
  it('tells this instance, the only one', async () => {
    const changes = catalogueChanges(null);
    const heard: string[] = [];
    changes.onChange((id) => heard.push(id));
    await changes.changed('solo');
    expect(heard).toEqual(['solo']);
  });
});
