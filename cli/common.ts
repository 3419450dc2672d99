// What every command of the CLI shares: reaching the server, reading options, printing.
import path from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { amountForm, minorUnitsOf } from '../domain/billing/major-units.ts';
import { type AdminClient, adminClient } from './admin-client.ts';
import { adminToken, NO_TOKEN, plainTextWarning } from './admin-token.ts';

export /** A mistake in the command line found after commander's own checks (an amount the currency cannot hold). */
class Usage extends Error {}

/** A check ran and found something wrong; what it found is already printed. */
export class CheckFailed extends Error {}

/**
 * A file named on the command line, where the operator meant it: `npm run` starts the CLI in the
 * package's folder and leaves the folder it was typed in as INIT_CWD, so `catalogue.yaml` typed in
 * the operator's own repository would otherwise be read and written beside this code.
 */
export function callerPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

export function integer(min: number) {
  return (text: string) => {
    if (!/^\d+$/.test(text) || Number(text) < min) {
      throw new InvalidArgumentError(`must be a whole number of at least ${min}`);
    }
    return Number(text);
  };
}

export const currency = (text: string) => {
  if (!/^[a-zA-Z]{3}$/.test(text)) throw new InvalidArgumentError('must be a three-letter ISO 4217 code');
  return text.toLowerCase();
};

interface Globals {
  url?: string;
  as: string;
  json?: boolean;
}

/** The admin API at --url or TRAINER_API_URL, with the token from ADMIN_TOKEN or typed at a prompt. */
export async function connect(command: Command): Promise<{ api: AdminClient; json: boolean }> {
  const globals = command.optsWithGlobals<Globals>();
  const url = globals.url ?? process.env.TRAINER_API_URL;
  if (!url) throw new Usage('no server: give --url or set TRAINER_API_URL');
  const warning = plainTextWarning(url);
  if (warning) process.stderr.write(`${warning}\n`);
  const token = await adminToken();
  if (!token) throw new Usage(NO_TOKEN);
  return { api: adminClient({ url, token, actor: globals.as }), json: Boolean(globals.json) };
}

/** An amount in the currency's major unit (29.99) as minor units, or a usage mistake naming `flag`. */
export function amountIn(text: string, code: string, flag = '--amount'): number {
  const amount = minorUnitsOf(text, code);
  if (amount === undefined) {
    throw new Usage(`${flag} ${text} is not an amount in ${code.toUpperCase()}: ${amountForm(code)}`);
  }
  return amount;
}

export function print(json: boolean, body: unknown, human: () => string) {
  process.stdout.write(`${json ? JSON.stringify(body, null, 2) : human()}\n`);
}

export async function trainerOf(api: AdminClient, trainerID: string) {
  return api.answer(
    api.client.GET('/api/admin/trainers/{trainerID}', {
      params: { path: { trainerID }, header: api.header },
    }),
  );
}
