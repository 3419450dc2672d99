// `--dry-run` on every trainer command that changes money, members or what they can open: the
// command checks its flags and finds what it names (a coupon by its code, a product by its slug, a
// grant, a staff member), says what it would ask the server to do, and sends nothing. The admin API
// has a dry run of its own only for the catalogue's import, so the rest stop here, before the
// request; the server's own checks of the values (a coupon over 100%) run only when it is sent.
import type { Command } from 'commander';
import { print } from './common.ts';

export interface DryRunOption {
  dryRun?: boolean;
}

/** What the command would send: its method, its path with the ids filled in, and its body. */
export interface Request {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export function withDryRun(command: Command): Command {
  return command.option('--dry-run', 'say what it would do, and change nothing');
}

/**
 * With --dry-run, prints what the command would do (`--json`: the request it would send) and says
 * so, and the caller stops; otherwise false and the caller goes on to send it.
 */
export function stoppedForDryRun(
  options: DryRunOption,
  json: boolean,
  what: string,
  request: Request,
): boolean {
  if (!options.dryRun) return false;
  print(json, { success: true, dryRun: true, request }, () => `Would ${what} (dry run, nothing changed).`);
  return true;
}
