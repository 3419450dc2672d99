// The admin token's way into the CLI and out of it (decision 134). It never rides the command line,
// which every user of the machine can read (`ps`, /proc/<pid>/cmdline) and the shell keeps in its
// history: it comes from ADMIN_TOKEN, readable only by its own user, or is typed at a prompt that
// shows nothing. Sent over plain http:// to another machine, anyone on the way could read it.
import { BlockList, isIPv6 } from 'node:net';
import password from '@inquirer/password';

/** What a `--token` is told: the flag that used to take the token is refused, with the way instead. */
export const TOKEN_FLAG_REFUSED =
  '--token is no longer taken: a token on the command line shows in the process list and the shell’s history. Set ADMIN_TOKEN, or leave it unset to type it at a prompt';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether the URL's host is this machine: localhost, 127.0.0.0/8 or ::1. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return LOOPBACK.check(host, 'ipv4');
  return isIPv6(host) && LOOPBACK.check(host, 'ipv6');
}

/** A warning when the token would cross the network in clear: http:// to a host that is not this one. */
export function plainTextWarning(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || isLoopback(parsed.hostname)) return undefined;
  return `warning: the admin token goes to ${parsed.host} over plain http://, readable by anyone on the way; use https://`;
}

/** What a command that needs the token says without one. */
export const NO_TOKEN = 'no admin token: set ADMIN_TOKEN, or run the command in a terminal to type it';

/** ADMIN_TOKEN, or the token typed at a prompt that echoes nothing (only with a terminal to type at). */
export async function adminToken(): Promise<string | undefined> {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  if (!process.stdin.isTTY) return undefined;
  // On stderr, so what stdout answers (--json) stays the answer alone; Ctrl+C gives no token.
  return password(
    { message: 'Admin token (ADMIN_TOKEN is not set):', mask: false, toggleMask: false },
    { output: process.stderr },
  ).catch(() => undefined);
}
