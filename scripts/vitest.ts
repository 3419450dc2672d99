// Runs Vitest with the given arguments, once more when the runtime crashed under it rather than a
// test failing: Node's WebAssembly code pages are known to trip a V8 check ("jit_page_->allocations_
// .erase(addr) == 1") under PGlite's churn of instances (nodejs/node#64500), a few runs in a hundred.
// In a worker thread that kills Vitest itself; in a forked worker Vitest reports the signal. Either
// way the run reported nothing reliable, so it is run again whole, once; a run whose tests failed is
// never repeated.
//   node scripts/vitest.ts run --project api
import { spawn } from 'node:child_process';
import path from 'node:path';

const CRASH_SIGNALS = ['SIGTRAP', 'SIGSEGV', 'SIGABRT', 'SIGILL', 'SIGBUS'];
/** What a shell reports for those signals: 128 + the signal's number. */
const CRASH_STATUSES = [133, 139, 134, 132, 135];

export interface RunResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what the run printed. */
  output: string;
}

/** Whether the runtime crashed under the run, rather than the run ending (failed tests included). */
export function crashed({ status, signal, output }: RunResult): boolean {
  if (signal) return CRASH_SIGNALS.includes(signal);
  if (status !== null && CRASH_STATUSES.includes(status)) return true;
  return new RegExp(`exited unexpectedly with signal (${CRASH_SIGNALS.join('|')})`).test(output);
}

function run(args: string[]): Promise<RunResult> {
  // Vitest's own entry under this Node, so a crash shows as its signal, not as npx's exit code.
  const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
  const child = spawn(process.execPath, [vitest, ...args], { stdio: ['inherit', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    keep(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    keep(chunk);
  });
  return new Promise((resolve) => child.on('close', (status, signal) => resolve({ status, signal, output })));
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  let result = await run(args);
  if (crashed(result)) {
    console.error(
      `\nThe runtime crashed under Vitest (${result.signal ?? `exit ${result.status}`}), which is not a test's failure (scripts/vitest.ts); running it again once.\n`,
    );
    result = await run(args);
  }
  process.exit(result.status ?? 1);
}
