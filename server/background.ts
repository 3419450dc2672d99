// Work a handler starts after answering, so the answer's timing tells nothing about what it found
// (forgot-password for a known or an unknown address). Shutdown waits for it, and tests can too.
import type { FastifyBaseLogger } from 'fastify';
import { loggable } from './db/errors.ts';

export interface Background {
  run(what: string, log: FastifyBaseLogger, work: () => Promise<void>): void;
  /** Resolves once everything started so far has finished. */
  settled(): Promise<void>;
}

export function createBackground(): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(what, log, work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        // Through the same redaction as a failed request's error: a query's parameters or a token
        // carried by the error never reach the log.
        .catch((error: unknown) => log.error({ err: loggable(error) }, `${what} failed`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settled() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
