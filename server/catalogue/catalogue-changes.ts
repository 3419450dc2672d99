// Tells every catalogue cache that a trainer's catalogue changed (an admin operation archived or
// added a plan), so the public catalogue drops it at once instead of when its copy expires. Without
// Redis there is one instance to tell; with REDIS_URL every instance hears it on a Redis channel, and
// an instance that misses the message (Redis away) still drops its copy within
// CATALOGUE_MAX_AGE_SECONDS, as before (decision 081).
import type { Redis } from '../redis.ts';

const CHANNEL = 'trainer-catalogue-changed';

export interface CatalogueChanges {
  /** Called after the change is committed; never fails the change. */
  changed(trainerId: string): Promise<void>;
  /** Calls `listener` with the trainer id of every change, made here or on another instance. */
  onChange(listener: (trainerId: string) => void): void;
  close(): void;
}

export function catalogueChanges(
  redis: Redis | null,
  log: { warn(message: string): void } = console,
): CatalogueChanges {
  const listeners = new Set<(trainerId: string) => void>();
  const tell = (trainerId: string) => {
    for (const listener of listeners) listener(trainerId);
  };
  // A connection in subscriber mode can do nothing else. It subscribes each time it is ready, the
  // first time and after every reconnection; its errors are the shared connection's, logged there.
  const subscriber = redis?.duplicate({ autoResubscribe: false }) ?? null;
  subscriber?.on('error', () => {});
  subscriber?.on('ready', () => {
    subscriber.subscribe(CHANNEL).catch(() => subscriber.disconnect(true));
  });
  subscriber?.on('message', (channel: string, trainerId: string) => {
    if (channel === CHANNEL) tell(trainerId);
  });
  return {
    async changed(trainerId) {
      tell(trainerId);
      if (!redis) return;
      try {
        await redis.publish(CHANNEL, trainerId);
      } catch (error) {
        log.warn(
          `The other instances were not told that ${trainerId}'s catalogue changed (${(error as Error).message}): their copies expire by themselves`,
        );
      }
    },
    onChange(listener) {
      listeners.add(listener);
    },
    close() {
      subscriber?.disconnect();
    },
  };
}
