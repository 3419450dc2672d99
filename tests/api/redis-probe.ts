// Whether Redis answers at `url`; when it does, its database is emptied for the test that asks.
import { Redis } from 'ioredis';

export async function freshRedis(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.flushdb();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
