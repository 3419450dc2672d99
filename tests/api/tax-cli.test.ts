// `trainer settings tax` run as the operator runs it: the real CLI in a child process against a real
// server. It shows the settings, says what a change does and changes nothing on --dry-run or without
// --yes off a terminal, refuses a malformed rate before sending anything, and sets and clears them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { runCli } from './cli-process.ts';
import { TEST_ENV } from './members.ts';

const TOKEN = 'tax-cli-admin-token-long-enough-0123';
const TRAINER = 'coach-tax-cli';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
  await seedTrainer(t.context.db, { id: TRAINER, name: 'Coach Tax' });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const tax = (...args: string[]) =>
  runCli(['--url', url, 'settings', 'tax', TRAINER, ...args], { ADMIN_TOKEN: TOKEN });

const stored = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/trainers/${TRAINER}`,
    headers: { 'admin-token': TOKEN, 'admin-actor': 'ops@example.com' },
  });
  return res.json().trainer.tax;
};

describe('trainer settings tax', () => {
  it('shows that no tax is collected', async () => {
    const shown = await tax();
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe('No tax collected: members pay the prices as they are.\n');
  });

  it('on --dry-run says what would change and changes nothing', async () => {
    const run = await tax('--mode', 'exclusive', '--rate', 'ES=21', '--rate', 'de=19.5', '--dry-run');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('After: Tax is added to the prices');
    expect(run.stdout).toMatch(/DE\s+19\.5 %/);
    expect(run.stdout).toMatch(/ES\s+21 %/);
    expect(run.stdout).toContain('(dry run, nothing changed)');
    expect(await stored()).toBeNull();
  });

  it('without a terminal and without --yes, refuses and changes nothing', async () => {
    const run = await tax('--mode', 'exclusive', '--rate', 'ES=21');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('pass --yes');
    expect(await stored()).toBeNull();
  });

  it('refuses a malformed rate, a missing mode or --off with rates, before sending anything', async () => {
    const bad = await tax('--mode', 'exclusive', '--rate', 'Spain=21', '--yes');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('such as ES=21');
    const noMode = await tax('--rate', 'ES=21', '--yes');
    expect(noMode.code).toBe(2);
    expect(noMode.stderr).toContain('--mode and at least one --rate');
    const tooHigh = await tax('--mode', 'inclusive', '--rate', 'ES=51', '--yes');
    expect(tooHigh.code).toBe(2);
    expect(tooHigh.stderr).toContain('from 0 to 50 %');
    const both = await tax('--off', '--rate', 'ES=21', '--yes');
    expect(both.code).toBe(2);
    expect(await stored()).toBeNull();
  });

  it('sets the settings with --yes, in basis points, shows them, and clears them with --off', async () => {
    const set = await tax('--mode', 'inclusive', '--rate', 'ES=21', '--rate', 'DE=19.5', '--yes');
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    // 21 % = 2100 basis points; 19.5 % = 1950.
    expect(await stored()).toEqual({ mode: 'inclusive', rates: { ES: 2100, DE: 1950 } });
    const shown = await runCli(['--url', url, '--json', 'settings', 'tax', TRAINER], { ADMIN_TOKEN: TOKEN });
    expect(JSON.parse(shown.stdout)).toEqual({
      success: true,
      tax: { mode: 'inclusive', rates: { ES: 2100, DE: 1950 } },
    });
    const text = await tax();
    expect(text.stdout).toContain('Prices include tax');
    const off = await tax('--off', '--yes');
    expect(off.code).toBe(0);
    expect(off.stdout).toContain('No tax collected');
    expect(await stored()).toBeNull();
  });
});
