// `npm run trainer -- staff list|invite|remove` as the operator runs it: the real CLI in a child
// process against a real server listening on a port over a database in a fresh data directory, read
// through its output and exit code (0 done, 1 refused by the server, 2 usage). A refused command
// changes nothing: the staff list read afterwards is the same.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { runCli } from './cli-process.ts';
import { lastMailTo, TEST_ENV } from './members.ts';
import { ADMIN_TOKEN, accept } from './studio-calls.ts';

// Each command is a Node process of its own (about a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let url: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'staff-cli-'));
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN, DATA_DIR: dataDir } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const trainer = (...args: string[]) =>
  runCli(['--url', url, '--as', 'Operator Olga', ...args], { ADMIN_TOKEN });

interface Listed {
  staff: { id: string; email: string; name: string; role: string; passkeys: number }[];
  invites: { id: string; email: string; role: string; invitedBy: string }[];
}

async function listed(): Promise<Listed> {
  const run = await trainer('--json', 'staff', 'list', DEMO_TRAINER_ID);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Listed;
}

/** Invited by the CLI, accepted from the emailed link with a passkey: the staff member's id. */
async function staffBy(email: string, role: 'owner' | 'coach', name: string): Promise<string> {
  const run = await trainer('staff', 'invite', DEMO_TRAINER_ID, email, '--role', role);
  expect(run.code, run.stderr).toBe(0);
  const { token } = await lastMailTo(t.app, email);
  return (await accept(t, token, name)).id;
}

describe('trainer staff', () => {
  it('lists nobody at first, invites an owner with the invitation’s week in the answer, then lists them', async () => {
    const empty = await trainer('staff', 'list', DEMO_TRAINER_ID);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('No invitations waiting.');

    const invited = await trainer('staff', 'invite', DEMO_TRAINER_ID, 'ana@studio.test', '--role', 'owner');
    expect(invited.stderr).toBe('');
    expect(invited.code).toBe(0);
    // Seven days from today, as the spec's invitation lasts.
    const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(invited.stdout).toMatch(
      new RegExp(`^Invited ana@studio\\.test as owner until ${until}: invitation inv_\\S+\\.\\n$`),
    );
    const waiting = await listed();
    expect(waiting.staff).toEqual([]);
    expect(waiting.invites).toMatchObject([
      { email: 'ana@studio.test', role: 'owner', invitedBy: 'Operator Olga' },
    ]);

    const { token } = await lastMailTo(t.app, 'ana@studio.test');
    const ana = await accept(t, token, 'Ana Owner');
    const table = await trainer('staff', 'list', DEMO_TRAINER_ID);
    expect(table.code).toBe(0);
    const [head, row] = table.stdout.split('\n');
    expect(head?.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'EMAIL', 'ROLE', 'PASSKEYS', 'SINCE']);
    expect(row?.split(/\s{2,}/).slice(0, 5)).toEqual([ana.id, 'Ana Owner', 'ana@studio.test', 'owner', '1']);
    expect(table.stdout).toContain('No invitations waiting.');
  });

  it('removes a coach, and refuses the last owner with the reason, exit 1, nobody removed', async () => {
    const coach = await staffBy('carl@studio.test', 'coach', 'Carl Coach');
    const removed = await trainer('staff', 'remove', DEMO_TRAINER_ID, coach);
    expect(removed.stderr).toBe('');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('Removed Carl Coach <carl@studio.test> (coach).\n');

    const before = await listed();
    const owners = before.staff.filter((s) => s.role === 'owner');
    expect(owners.map((s) => s.email)).toEqual(['ana@studio.test']);
    const refused = await trainer('staff', 'remove', DEMO_TRAINER_ID, owners[0]?.id ?? '');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/last owner/i);
    expect(await listed()).toEqual(before);
  });

  it('says why for bad input, exits non-zero, and changes nothing', async () => {
    const before = await listed();
    const cases: { args: string[]; code: number; says: RegExp }[] = [
      // Usage mistakes: commander's own words, before the server is asked.
      {
        args: ['staff', 'invite', DEMO_TRAINER_ID, 'x@studio.test', '--role', 'boss'],
        code: 2,
        says: /Allowed choices are owner, coach/,
      },
      {
        args: ['staff', 'invite', DEMO_TRAINER_ID, 'x@studio.test'],
        code: 2,
        says: /option '--role <role>' not specified/,
      },
      { args: ['staff', 'remove', DEMO_TRAINER_ID], code: 2, says: /missing required argument 'staff'/ },
      { args: ['staff', 'fire', DEMO_TRAINER_ID], code: 2, says: /unknown command 'fire'/ },
      // Refused by the server, with its message.
      {
        args: ['staff', 'invite', DEMO_TRAINER_ID, 'not-an-email', '--role', 'coach'],
        code: 1,
        says: /email/i,
      },
      {
        args: ['staff', 'invite', DEMO_TRAINER_ID, 'ana@studio.test', '--role', 'coach'],
        code: 1,
        says: /ana@studio\.test/,
      },
      { args: ['staff', 'remove', DEMO_TRAINER_ID, 'staff_nobody'], code: 1, says: /staff_nobody/ },
      { args: ['staff', 'list', 'no-such-trainer'], code: 1, says: /trainer/i },
    ];
    const runs = await Promise.all(cases.map(({ args }) => trainer(...args)));
    cases.forEach(({ args, code, says }, i) => {
      const run = runs[i];
      expect({ args, code: run?.code }).toEqual({ args, code });
      expect(run?.stderr).toMatch(says);
      // A sentence, not a stack.
      expect(run?.stderr).not.toMatch(/at .+\.ts:\d+/);
      expect(run?.stdout).toBe('');
    });
    expect(await listed()).toEqual(before);
  }, 120_000);
});
