// The package's bin (bin/trainer) run by a real shell against a server process, as an operator's
// script runs it, and on a terminal of its own (util-linux's `script`) as a person types it.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin/trainer');
export const hasScript = spawnSync('script', ['--version']).error === undefined;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences
export const ESCAPES = /\x1b\[[0-9;]*[A-Za-z]/g;

/** A shell for `server()`'s URL: each line run by `sh` in `cwd`, with only PATH, HOME, the token and the server's address. */
export function trainerShell(token: string, server: () => string) {
  const shell = (line: string, cwd = ROOT, input?: string) =>
    spawnSync('sh', ['-c', line], {
      cwd,
      input,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ADMIN_TOKEN: token,
        TRAINER_API_URL: server(),
      },
      timeout: 120_000,
    });

  /** A command run by `script`, which gives it a terminal of its own; what the terminal showed. */
  async function onTerminal(command: string, env: Record<string, string>, answer?: string) {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ADMIN_TOKEN: token, ...env },
    });
    let screen = '';
    child.stdout.on('data', (d) => {
      if (answer !== undefined && !screen.includes('Go ahead?') && `${screen}${d}`.includes('Go ahead?'))
        child.stdin.write(`${answer}\r`);
      screen += d;
    });
    const [code] = (await once(child, 'close')) as [number];
    return { code, screen: screen.replace(/\r/g, '') };
  }

  return { shell, onTerminal };
}
