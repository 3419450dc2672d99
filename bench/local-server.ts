// What every benchmark needs to run the servers it measures on this machine: a free port, and a wait
// until an address answers.
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Resolves once `url` answers 2xx. A server that builds or migrates first may take minutes on a busy
 * machine: it says every 10 s that it is still waiting, and gives up after `timeoutMs` (10 minutes
 * unless given) with the reason.
 */
export async function waitFor(url: string, timeoutMs = 600_000): Promise<void> {
  const started = performance.now();
  let said = started;
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - said >= 10_000) {
      said = performance.now();
      console.log(`waiting for ${url} (${Math.round((said - started) / 1000)} s so far)`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}
