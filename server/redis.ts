// The Redis client the rate limits share across instances. A command never waits for a connection:
// while Redis is away it fails at once, so a limited call answers 503 instead of hanging. The log
// says when Redis goes away and when it is back, once each, not once per request.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type { Redis };

/**
 * Connects, waiting for the first connection (at most 2 s) so an instance does not answer its first
 * requests with 503 while Redis is merely being reached; if Redis does not answer, the server starts
 * anyway and the limited calls fail closed until it does.
 */
export async function connectRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'> = console,
): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Keep trying to reconnect, at most every 2 s: the limits come back with Redis.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn(
      `Redis at REDIS_URL does not answer (${error.message}): login, register, password resets and resends answer 503 until it is back`,
    );
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis answers again: the shared rate limits are back');
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}

/** A command refused because Redis is unreachable (not a bug of ours: the limited call fails closed). */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /enableOfflineQueue|Connection is closed|ECONNREFUSED|ETIMEDOUT|ECONNRESET/.test(error.message)
  );
}
