// The Redis client the rate limits share across instances. A command never waits for a connection:
// while Redis is away it fails at once, so a limited call answers 503 instead of hanging. A command
// sent into a partition (the connection open, nothing answering) fails at its deadline, and the
// silent connection is replaced rather than trusted again (decision 093). The log says when Redis
// goes away and when it is back, once each, not once per request.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type { Redis };

/** The longest wait between two attempts to reconnect: the limits come back at most this long after Redis. */
export const REDIS_RECONNECT_MAX_MS = 2000;

/**
 * Connects, waiting for the first connection (at most 2 s) so an instance does not answer its first
 * requests with 503 while Redis is merely being reached; if Redis does not answer, the server starts
 * anyway and the limited calls fail closed until it does. `timeoutMs` bounds each command.
 */
export async function connectRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'> = console,
  timeoutMs = 1000,
): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    // A command is sent once: one lost with its connection fails at once rather than waiting for the
    // next connection, which a partition may not give before the request's deadline.
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: timeoutMs,
    // A connection that gets no byte back for that long while a command waits is dead whatever TCP
    // thinks: it is destroyed and a new one made. Without this, after a partition the old socket
    // stays open, every command waits on it, and nothing recovers until someone closes it.
    socketTimeout: timeoutMs,
    // An idle connection through a network that forgot it is found by the kernel's probes.
    keepAlive: 10_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_MS),
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
    /enableOfflineQueue|Connection is closed|Command timed out|Socket timeout|ECONNREFUSED|ETIMEDOUT|ECONNRESET/.test(
      error.message,
    )
  );
}
