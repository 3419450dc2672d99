// The curl walk of docs/getting-started.md ("subscribe monthly, upgrade, a year later, refund"), taken
// as it is written and run with `bash -e` against a real server on a fresh database, so the walk a
// reader pastes cannot stop halfway unnoticed. What it promises is checked through the API itself,
// and the prorated amount against a figure computed here from the dates.
import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';

const GUIDE = path.resolve(import.meta.dirname, '../../docs/getting-started.md');
const TOOLS = ['curl', 'jq', 'bash'];
const missing = TOOLS.filter((tool) => spawnSync(tool, ['--version']).error !== undefined);
if (missing.length > 0) console.log(`curl walk test skipped: ${missing.join(' and ')} not on PATH`);

/** The first ```sh block after the paragraph that opens the walk. */
async function walkBlock(): Promise<string> {
  const text = await readFile(GUIDE, 'utf8');
  const at = text.indexOf('The same walk with curl');
  const block = /```sh\n([\s\S]*?)\n```/.exec(text.slice(at))?.[1];
  if (at < 0 || block === undefined) throw new Error('docs/getting-started.md has no curl walk');
  return block;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The script in `bash -e`, as the guide says to run it; stdin closed, so bash reads no ~/.bashrc. */
function bash(script: string, env: Record<string, string>): Promise<Run> {
  const child = spawn('bash', ['-e', '-c', script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
}

/** The account the walk signs up. */
const ME = { email: 'me@example.com', password: 'my-password-1', trainerID: DEMO_TRAINER_ID };
const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHLY = 2999;
const ANNUAL = 24999;

/**
 * Stripe's proration of a change a day into a monthly period: the annual price less the unused
 * part of the month paid for, by time (the period ends a calendar month after it began).
 */
function proratedAnnual(periodStart: Date): number {
  const end = new Date(periodStart);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const length = end.getTime() - periodStart.getTime();
  return ANNUAL - Math.round((MONTHLY * (length - DAY_MS)) / length);
}

let server: ServerProcess;
let walk: string;
beforeAll(async () => {
  if (missing.length > 0) return;
  walk = await walkBlock();
  // The hosted pages' addresses are made from PUBLIC_URL, so the server is given its port.
  const port = String(await freePort());
  server = await startServerProcess({
    DATA_DIR: 'memory://',
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
  });
  // A server's start takes seconds on a quiet machine and over a minute on a busy one.
}, 300_000);
afterAll(async () => {
  if (!server) return;
  server.child.kill('SIGTERM');
  await server.exited;
});

describe.skipIf(missing.length > 0)("the getting-started guide's curl walk", () => {
  it('subscribes monthly, upgrades at the prorated amount it shows, renews a year later and refunds', async () => {
    const run = await bash(walk, { B: server.url });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    // Both hosted pages were paid and went on to the confirmation.
    expect(lines.filter((l) => /^303 http:\/\/\S+\/confirmation$/.test(l))).toHaveLength(2);
    const shown = Number(/id="total" data-amount="(\d+)"/.exec(run.stdout)?.[1]);

    // The member, as the API shows them to a fresh sign-in rather than to the walk.
    const login = await fetch(`${server.url}/api/user/login?gateway=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ME),
    });
    expect(login.status).toBe(200);
    const { userToken } = (await login.json()) as { userToken: string };
    const user = (await (
      await fetch(`${server.url}/api/user?gateway=true`, { headers: { token: userToken } })
    ).json()) as {
      user: {
        email_verified: boolean;
        customer: {
          subscriptions: { data: { status: string; plan: { id: string } }[] };
          charges: { amount: number; paid: boolean; refunded: boolean; created: string }[];
        };
      };
    };
    const { customer } = user.user;
    expect(user.user.email_verified).toBe(true);
    expect(customer.subscriptions.data.map((s) => [s.status, s.plan.id])).toEqual([
      ['active', `${DEMO_TRAINER_ID}-price-annual`],
    ]);
    // Newest first: the renewal (refunded), the change, the first month after the trial.
    expect(customer.charges.map((c) => [c.amount, c.paid, c.refunded])).toEqual([
      [ANNUAL, true, true],
      [shown, true, false],
      [MONTHLY, true, false],
    ]);
    const firstMonth = new Date(customer.charges[2]?.created ?? '');
    // The walk's seconds between the trial's end and the change move the credit by far less than a cent.
    expect(Math.abs(shown - proratedAnnual(firstMonth))).toBeLessThanOrEqual(1);

    // What the walk itself prints last says the same.
    const summary = JSON.parse(run.stdout.slice(run.stdout.indexOf('\n{') + 1));
    expect(summary).toEqual({
      charges: [
        { amount: ANNUAL, refunded: true },
        { amount: shown, refunded: false },
        { amount: MONTHLY, refunded: false },
      ],
      subscriptions: [{ status: 'active', plan: 'Annual' }],
    });
  });

  it('stops at its first failing step with the server’s message', async () => {
    // With the walk's account already there, its sign-up is refused and nothing after it runs.
    await fetch(`${server.url}/api/user/register?gateway=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ME, name: 'Me' }),
    });
    const run = await bash(walk, { B: server.url });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/409/);
    expect(run.stderr).toMatch(/We could not create an account with this email/);
  });
});
