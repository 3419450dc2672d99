// `trainer` as a command: the package's bin (bin/trainer) run by a real shell against a real server
// process, as an operator's script runs it: `npx trainer … --json` piped into another program, a
// relative file written where the command was typed, and the question before a refund, asked on a
// terminal (util-linux's `script` gives it one), skipped with --yes, refused without a terminal.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { payingMembers } from './paying-members.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { BIN, ESCAPES, hasScript, ROOT, trainerShell } from './trainer-bin.ts';

const TOKEN = 'trainer-command-admin-token-long-enough-0123';
if (!hasScript) console.log('the refund question on a terminal is not run: no `script` (util-linux) on PATH');

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ ADMIN_TOKEN: TOKEN });
});
afterAll(() => {
  server.child.kill('SIGTERM');
});
const { memberWho } = payingMembers(() => server.url);

const { shell, onTerminal } = trainerShell(TOKEN, () => server.url);

async function chargeOf(email: string): Promise<{ id: string; refunded: boolean }> {
  const run = shell(`${BIN} --json members show ${DEMO_TRAINER_ID} ${email}`);
  expect(run.status, run.stderr).toBe(0);
  const [charge] = JSON.parse(run.stdout).member.charges;
  return charge;
}

describe('trainer, the command', () => {
  it.skipIf(!hasScript)(
    'colours the checklist on a terminal, and not with NO_COLOR nor in a pipe',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'trainer-colour-'));
      writeFileSync(path.join(dir, 'site.env'), 'NODE_ENV=production\nRATE_LIMIT_MAX=abc\n');
      const command = `${BIN} doctor --from ${path.join(dir, 'site.env')}`;
      // A person's terminal says what it is in TERM.
      const coloured = await onTerminal(command, { TERM: 'xterm-256color' });
      expect(coloured.screen).toContain('\u001b[31mFAIL\u001b[39m');
      expect(coloured.screen.replace(ESCAPES, '')).toMatch(
        /^STATUS\s+CHECK\s+DETAIL\nFAIL\s+RATE_LIMIT_MAX\s+must be a whole number, not "abc"/,
      );
      const plain = await onTerminal(command, { TERM: 'xterm-256color', NO_COLOR: '1' });
      expect(plain.screen).not.toMatch(ESCAPES);
      expect(plain.screen).toMatch(/^STATUS\s+CHECK\s+DETAIL\n/);
      expect(shell(command).stdout).not.toMatch(ESCAPES);
    },
  );

  it('prints JSON another program parses, with npx and nothing of npm’s on stdout', () => {
    const run = shell(
      `npx trainer plans list ${DEMO_TRAINER_ID} --json | node -e 'const b = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(b.plans.length, b.plans.every((p) => p.id.startsWith("${DEMO_TRAINER_ID}-")))'`,
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [count, ours] = run.stdout.trim().split(' ');
    expect(Number(count)).toBeGreaterThan(0);
    expect(ours).toBe('true');
  });

  it('runs from any folder, writing a relative file where it was typed', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trainer-command-'));
    const run = shell(`${BIN} catalogue export ${DEMO_TRAINER_ID} mine.yaml`, dir);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`Wrote the catalogue of ${DEMO_TRAINER_ID} to mine.yaml.\n`);
    expect(readFileSync(path.join(dir, 'mine.yaml'), 'utf8')).toMatch(/^trainer: demo-trainer$/m);
  });

  it('ends quietly when the reader stops early', () => {
    const run = shell(`${BIN} --help | head -1`);
    expect(run.stdout).toBe('Usage: trainer [options] [command]\n');
    expect(run.stderr).toBe('');
  });

  it('refuses a refund without a terminal and without --yes, refunding nothing; says it in a dry run', async () => {
    const email = await memberWho([`${DEMO_TRAINER_ID}-price-challenge`]);
    const { id } = await chargeOf(email);
    const piped = shell(`${BIN} refund ${DEMO_TRAINER_ID} ${id}`, ROOT, 'y\n');
    expect(piped.status).toBe(2);
    expect(piped.stderr).toMatch(
      /^error: refund changes things and asks first, but there is no terminal to ask on: pass --yes/,
    );
    const dry = shell(`${BIN} refund ${DEMO_TRAINER_ID} ${id} --dry-run`);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        `^Would refund 49\\.00 USD for .+ \\(charge ${id}\\); the member loses challenge .+ \\(dry run, nothing refunded\\)\\.\\n$`,
      ),
    );
    expect((await chargeOf(email)).refunded).toBe(false);
    const yes = shell(`${BIN} refund ${DEMO_TRAINER_ID} ${id} --yes`);
    expect(yes.stderr).toBe('');
    expect(yes.stdout).toBe(`Refunded charge ${id}: 49.00 USD.\n`);
    expect((await chargeOf(email)).refunded).toBe(true);
  });

  it.skipIf(!hasScript)('asks on a terminal before a refund: no refunds nothing, yes refunds', async () => {
    const email = await memberWho([`${DEMO_TRAINER_ID}-price-challenge`]);
    const { id } = await chargeOf(email);
    const command = `${BIN} --url ${server.url} refund ${DEMO_TRAINER_ID} ${id}`;
    const refund = async (answer: string) => {
      const { code, screen } = await onTerminal(command, { NO_COLOR: '1' }, answer);
      // The line editor's cursor moves are not what the person reads.
      return { code, screen: screen.replace(ESCAPES, '') };
    };
    const declined = await refund('n');
    expect(declined.screen).toMatch(
      new RegExp(
        `This will refund 49\\.00 USD for .+ \\(charge ${id}\\); the member loses challenge .+\\.\\nGo ahead\\? \\[y/N\\] n\\nNothing refunded\\.`,
      ),
    );
    expect(declined.code).toBe(0);
    expect((await chargeOf(email)).refunded).toBe(false);
    const accepted = await refund('y');
    expect(accepted.screen).toContain(`Refunded charge ${id}: 49.00 USD.`);
    expect((await chargeOf(email)).refunded).toBe(true);
  });
});
