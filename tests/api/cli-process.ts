// `npm run trainer` as the operator runs it: the real CLI in a child process, read through its exit
// code and output. Only the environment a test gives reaches it (no ADMIN_TOKEN or TRAINER_API_URL
// from the shell), and the token goes there, never on the command line (decision 134).
import { execFile } from 'node:child_process';
import path from 'node:path';

export const CLI = path.resolve(import.meta.dirname, '../../cli/trainer.ts');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
