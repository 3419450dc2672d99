// The deadlines and the clocks both partition tests (Redis, PostgreSQL) measure against.
import { loadConfig } from '../../server/config.ts';

export const defaults = loadConfig({ NODE_ENV: 'test' });
/** How soon the server must serve again once the network is back. */
export const RECOVERY_MS = 10_000;
/** Scheduling and the request's own work, on top of a deadline. */
export const SLACK_MS = 500;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The call's answer and how long it took; a failure, not a hang, when none comes within `limitMs`. */
export async function timed<T>(call: Promise<T>, limitMs: number): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
  });
  try {
    const value = await Promise.race([call, late]);
    return { value, ms: Date.now() - start };
  } finally {
    clearTimeout(timer);
  }
}

/** Calls `probe` until it says yes; how long that took after `since`, or a failure after `limitMs`. */
export async function recovered(
  probe: () => Promise<boolean>,
  since: number,
  limitMs: number,
): Promise<number> {
  while (Date.now() - since < limitMs) {
    if (await probe().catch(() => false)) return Date.now() - since;
    await sleep(100);
  }
  throw new Error(`not recovered ${limitMs} ms after the network healed`);
}
