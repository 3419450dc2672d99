// Redis and PostgreSQL behind a proxy that drops every packet while keeping the connections open
// (partition-proxy.ts): a partition, which unlike a refused connection gives no error to act on.
// Every call must still answer within its deadline, readiness within a second, and the server must
// serve again soon after the network heals without anyone closing its sockets (decision 093).
// This file: Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { REDIS_RECONNECT_MAX_MS } from '../../server/redis.ts';
import { startTestApp, type TestApp } from './app.ts';
import { PASSWORD, uniqueEmail } from './members.ts';
import { PartitionProxy } from './partition-proxy.ts';
import { defaults, RECOVERY_MS, recovered, SLACK_MS, timed } from './partitions.fixtures.ts';
import { freshRedis } from './redis-probe.ts';

const REDIS_URL = 'redis://127.0.0.1:6379/8';

const redisUp = await freshRedis(REDIS_URL);

if (!redisUp) console.log('Redis partition test skipped: Redis does not answer at 127.0.0.1:6379');

describe.skipIf(!redisUp)('a partition between the server and Redis', () => {
  let proxy: PartitionProxy;
  let t: TestApp;
  beforeAll(async () => {
    proxy = new PartitionProxy({ host: '127.0.0.1', port: 6379 });
    await proxy.start();
    t = await startTestApp({ env: { REDIS_URL: proxy.through(REDIS_URL), RATE_LIMIT_MAX: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const login = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: uniqueEmail('partition'), password: PASSWORD, trainerID: DEMO_TRAINER_ID },
    });
  const deadline = defaults.REDIS_TIMEOUT_MS + SLACK_MS;

  it('answers the limited calls 503 within the deadline, is not ready within a second, and recovers', async () => {
    expect((await login()).statusCode).toBe(401);

    proxy.drop();
    // The first call meets the silent connection; those after it, the replacement being tried.
    for (let i = 0; i < 3; i++) {
      const { value, ms } = await timed(login(), deadline * 3);
      expect(value.statusCode).toBe(503);
      expect(value.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(deadline);
    }
    const forgot = await timed(
      t.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password',
        payload: { email: uniqueEmail('partition'), trainerID: DEMO_TRAINER_ID },
      }),
      deadline * 3,
    );
    expect(forgot.value.statusCode).toBe(503);
    expect(forgot.ms).toBeLessThan(deadline);
    const ready = await timed(t.app.inject({ method: 'GET', url: '/api/ready' }), 5000);
    expect(ready.value.statusCode).toBe(503);
    expect(ready.value.json().message).toBe('Redis does not answer');
    expect(ready.ms).toBeLessThan(1000);

    proxy.heal();
    const recovery = await recovered(
      async () => (await timed(login(), deadline)).value.statusCode === 401,
      Date.now(),
      RECOVERY_MS,
    );
    // At most one wait between attempts to reconnect, and the new connection.
    expect(recovery).toBeLessThan(REDIS_RECONNECT_MAX_MS + deadline);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  }, 30_000);
});
