// The CLI's exit codes (1 refused by the server, 2 a usage mistake, 3 no server) and its admin
// token: never a flag, asked for on a terminal, warned about over plain http://. The real CLI as a
// child process against a real server listening on a port.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { NO_TOKEN, TOKEN_FLAG_REFUSED } from '../../cli/admin-token.ts';
import { cliAgainstApp, CLI_TOKEN as TOKEN } from './admin-cli-app.ts';
import { CLI } from './cli-process.ts';
import { freePort } from './server-process.ts';

/** util-linux's `script`, which runs a command in a terminal of its own. */
const hasScript = spawnSync('script', ['--version']).error === undefined;
if (!hasScript) console.log('the CLI prompt test skipped: no `script` (util-linux) on PATH');

const { url, trainer, withServer } = cliAgainstApp();

describe('the trainer CLI’s exit codes', () => {
  it('exits 1 with the server’s message when the token is wrong', async () => {
    const run = await trainer(withServer('trainers', 'show', 'coach-cli'), { ADMIN_TOKEN: `${TOKEN}-wrong` });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('refused (401): The admin token is missing or wrong\n');
  });

  it('exits 2 for a usage mistake, before asking the server anything', async () => {
    const runs = await Promise.all([
      trainer(withServer('plans', 'frobnicate')),
      trainer(
        withServer('plans', 'add', 'coach-cli', '--interval', 'fortnight', '--amount', '1', '--name', 'X'),
      ),
      trainer(
        withServer(
          'plans',
          'add',
          'coach-cli',
          '--interval',
          'month',
          '--amount',
          '9.999',
          '--currency',
          'usd',
          '--name',
          'X',
        ),
      ),
      trainer(['trainers', 'show', 'coach-cli']),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(runs[0]?.stderr).toMatch(/unknown command 'frobnicate'/);
    expect(runs[1]?.stderr).toMatch(/'fortnight' is invalid\. must be one of year, month, week, day/);
    expect(runs[2]?.stderr).toBe(
      'error: --amount 9.999 is not an amount in USD: at most 2 decimals, such as 29.99\n',
    );
    expect(runs[3]?.stderr).toBe('error: no server: give --url or set TRAINER_API_URL\n');
  });

  it('exits 3 when nothing answers at the URL', async () => {
    const port = await freePort();
    const run = await trainer(['--url', `http://127.0.0.1:${port}`, 'trainers', 'show', 'x']);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(`error: Cannot reach http://127.0.0.1:${port}: ECONNREFUSED\n`);
  });
});

describe("the CLI's admin token", () => {
  it('refuses --token, which every user of the machine could read, and asks the server nothing', async () => {
    const port = await freePort();
    const run = await trainer([
      '--url',
      `http://127.0.0.1:${port}`,
      '--token',
      TOKEN,
      'trainers',
      'show',
      'x',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${TOKEN_FLAG_REFUSED}\n`);
  });

  it('says how to give it when ADMIN_TOKEN is unset and there is no terminal to type it in', async () => {
    const run = await trainer(withServer('trainers', 'show', 'demo-trainer'), {});
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: ${NO_TOKEN}\n`);
  });

  it('warns when it would go over plain http:// to another machine, and not to this one', async () => {
    const run = await trainer(['--url', 'http://coach.invalid', 'trainers', 'show', 'x']);
    expect(run.code).toBe(3);
    expect(run.stderr.split('\n')[0]).toBe(
      'warning: the admin token goes to coach.invalid over plain http://, readable by anyone on the way; use https://',
    );
    const local = await trainer([
      '--url',
      url().replace('127.0.0.1', 'localhost'),
      'trainers',
      'show',
      'demo-trainer',
    ]);
    expect(local).toMatchObject({ code: 0, stderr: '' });
  });

  it.skipIf(!hasScript)('asks for it in a terminal, showing nothing of what is typed', async () => {
    const command = `${process.execPath} ${CLI} --url ${url()} --json trainers show demo-trainer`;
    // `script` gives the CLI a terminal; the token is typed once the prompt shows, as a person would.
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { PATH: process.env.PATH ?? '' } });
    let screen = '';
    child.stdout.on('data', (d) => {
      if (!screen.includes('Admin token') && `${screen}${d}`.includes('Admin token'))
        child.stdin.write(`${TOKEN}\r`);
      screen += d;
    });
    const [code] = (await once(child, 'close')) as [number];
    expect(screen).toMatch(/Admin token \(ADMIN_TOKEN is not set\):/);
    expect(screen).toContain('"id": "demo-trainer"');
    expect(screen).not.toContain(TOKEN);
    expect(code).toBe(0);
  });
});
