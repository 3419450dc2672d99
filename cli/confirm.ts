// The question before a change that moves money or members (a refund, a cancellation, a catalogue
// import): on a terminal the command says what will happen and waits for a yes; a script says --yes
// up front. Without a terminal and without --yes nothing is asked and nothing changes, so a script
// that forgot --yes stops at once instead of hanging on a question nobody sees.
import { createInterface } from 'node:readline/promises';
import { Usage } from './common.ts';

export interface AskOptions {
  yes?: boolean;
  dryRun?: boolean;
}

/** Where the question is asked: the terminal, unless a test gives its own. */
export interface Terminal {
  isTTY: boolean;
  ask(question: string): Promise<string>;
}

export const processTerminal: Terminal = {
  get isTTY() {
    return Boolean(process.stdin.isTTY);
  },
  async ask(question) {
    // On stderr, so what --json prints on stdout stays the answer alone.
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return await rl.question(question);
    } finally {
      rl.close();
    }
  },
};

/**
 * Refuses before anything is sent when the change could not be asked about: no terminal, no --yes,
 * and not a dry run. `what` names the change, such as `refund`.
 */
export function mayAsk(what: string, options: AskOptions, terminal: Terminal = processTerminal): void {
  if (options.yes || options.dryRun || terminal.isTTY) return;
  throw new Usage(
    `${what} changes things and asks first, but there is no terminal to ask on: pass --yes to go ahead without asking, or --dry-run to see what it would do`,
  );
}

/** Whether to go ahead: --yes, or a yes typed at the terminal after the description. */
export async function confirmed(
  description: string,
  options: AskOptions,
  terminal: Terminal = processTerminal,
): Promise<boolean> {
  if (options.yes) return true;
  mayAsk('this command', options, terminal);
  const answer = await terminal.ask(`${description}\nGo ahead? [y/N] `);
  return /^(y|yes)$/i.test(answer.trim());
}
