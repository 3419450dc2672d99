// `npm run trainer`: the real CLI run as a child process against a real server listening on a port,
// read through its output: its help, and the changes it makes to trainers, plans and coupons. Its
// exit codes and its token: admin-cli-exits.test.ts.
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit } from '../../server/db/schema.ts';
import { cliAgainstApp, CLI_TOKEN as TOKEN } from './admin-cli-app.ts';

const { app, url, trainer, withServer } = cliAgainstApp();

describe('the trainer CLI', () => {
  it('explains itself with --help on every command, exit 0', async () => {
    const top = await trainer(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/Usage: trainer \[options\] \[command\]/);
    expect(top.stdout).toMatch(/trainers\s+create, show and update trainers/);
    const add = await trainer(['plans', 'add', '--help']);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/--amount <amount>\s+the price in the currency’s major unit/);
  });

  it('creates a trainer and shows it as a table, or as JSON with --json, naming the actor in the audit', async () => {
    const created = await trainer(
      withServer(
        '--as',
        'Marta',
        'trainers',
        'create',
        'coach-cli',
        '--name',
        'Coach CLI',
        '--currency',
        'EUR',
        '--trial-days',
        '7',
      ),
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout.split('\n')).toEqual([
      'Created trainer coach-cli.',
      'ID         NAME       CURRENCY  DEFAULT TRIAL',
      'coach-cli  Coach CLI  EUR       7 days',
      '',
    ]);
    const [row] = await app()
      .context.db.select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.createdAt))
      .limit(1);
    expect(row).toMatchObject({ actor: 'Marta', action: 'adminCreateTrainer', subject: 'coach-cli' });

    const shown = await trainer(withServer('--json', 'trainers', 'show', 'coach-cli'));
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual({
      success: true,
      trainer: {
        id: 'coach-cli',
        name: 'Coach CLI',
        currency: 'eur',
        defaultTrialDays: 7,
        legalName: null,
        address: null,
        taxId: null,
        tax: null,
      },
    });

    // What its invoices say of it (decision 154), set line by line and shown under the table.
    const updated = await trainer(
      withServer(
        'trainers',
        'update',
        'coach-cli',
        '--legal-name',
        'Coach CLI S.L.',
        '--address-line',
        'Calle Uno 1',
        '--address-line',
        '28001 Madrid',
        '--tax-id',
        'esb1234',
      ),
    );
    expect(updated.stderr).toBe('');
    expect(updated.stdout.split('\n')).toEqual([
      'Updated trainer coach-cli.',
      'ID         NAME       CURRENCY  DEFAULT TRIAL',
      'coach-cli  Coach CLI  EUR       7 days',
      'Invoices issued by: Coach CLI S.L.',
      '  Calle Uno 1',
      '  28001 Madrid',
      'Tax ID: ESB1234',
      '',
      '',
    ]);
    const refused = await trainer(withServer('trainers', 'update', 'coach-cli', '--tax-id', 'no!'));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('tax ID of at most 30');
    const nothing = await trainer(withServer('trainers', 'update', 'coach-cli'));
    expect(nothing.code).not.toBe(0);
    expect(nothing.stderr).toContain('Give at least one of');
  });

  it('adds, changes and archives a plan, reading the server and token from the environment', async () => {
    const env = { TRAINER_API_URL: url(), ADMIN_TOKEN: TOKEN };
    const added = await trainer(
      [
        '--json',
        'plans',
        'add',
        'coach-cli',
        '--interval',
        'month',
        '--count',
        '3',
        '--amount',
        '79.90',
        '--name',
        'Quarterly',
        '--name-es',
        'Trimestral',
      ],
      env,
    );
    expect(added.stderr).toBe('');
    expect(added.code, added.stderr).toBe(0);
    const plan = JSON.parse(added.stdout).plan;
    // 79.90 EUR in cents, the trainer's currency and trial.
    expect(plan).toMatchObject({
      amount: 7990,
      currency: 'eur',
      interval: 'month',
      intervalCount: 3,
      trialDays: 7,
    });
    expect(plan.nicknames).toEqual({ en: 'Quarterly', es: 'Trimestral' });

    const changed = await trainer(
      ['plans', 'update', 'coach-cli', plan.id, '--amount', '69', '--trial-days', 'none'],
      env,
    );
    expect(changed.code, changed.stderr).toBe(0);
    const lines = changed.stdout.split('\n');
    expect(lines[0]).toBe(`Changed plan ${plan.id}.`);
    expect(lines[1]).toMatch(/^ID\s+NAME\s+NAME \(ES\)\s+EVERY\s+AMOUNT\s+TRIAL\s+STATUS\s+SOLD$/);
    expect(lines[2]).toMatch(
      new RegExp(`^${plan.id}\\s+Quarterly\\s+Trimestral\\s+3 months\\s+69\\.00 EUR\\s+-\\s+active\\s+no$`),
    );

    const archived = await trainer(['plans', 'archive', 'coach-cli', plan.id], env);
    expect(archived.code).toBe(0);
    expect(archived.stdout).toBe(`Archived plan ${plan.id}.\n`);
    const products = await app().app.inject({ method: 'GET', url: '/api/trainer/coach-cli/products' });
    expect(products.json().subscriptions.flatMap((s: { plans: unknown[] }) => s.plans)).toEqual([]);

    const again = await trainer(['plans', 'archive', 'coach-cli', plan.id], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`refused (409): Plan ${plan.id} is archived: add a new plan instead\n`);
    expect(again.stdout).toBe('');
  });

  it('adds a coupon, lists it as a table, says a refusal in flags, and archives it by its code', async () => {
    const env = { TRAINER_API_URL: url(), ADMIN_TOKEN: TOKEN };
    const added = await trainer(
      [
        '--json',
        'coupons',
        'add',
        'coach-cli',
        'HELLO5',
        '--amount-off',
        '5',
        '--duration',
        'repeating',
        '--months',
        '2',
        '--max',
        '10',
      ],
      env,
    );
    expect(added.code, added.stderr).toBe(0);
    const coupon = JSON.parse(added.stdout).coupon;
    // 5 EUR, the trainer's currency, in cents.
    expect(coupon).toMatchObject({
      code: 'HELLO5',
      amountOff: 500,
      currency: 'eur',
      durationInMonths: 2,
      maxRedemptions: 10,
    });

    const listed = await trainer(['coupons', 'list', 'coach-cli'], env);
    expect(listed.code).toBe(0);
    const [head, row] = listed.stdout.split('\n');
    expect(head).toMatch(/^ID\s+CODE\s+OFF\s+DURATION\s+EXPIRES\s+USED\s+PRICES\s+STATUS$/);
    expect(row).toMatch(
      new RegExp(`^${coupon.id}\\s+HELLO5\\s+5\\.00 EUR\\s+2 months\\s+-\\s+0 of 10\\s+any\\s+active$`),
    );

    const both = await trainer(
      ['coupons', 'add', 'coach-cli', 'X2', '--percent-off', '5', '--amount-off', '1', '--duration', 'once'],
      env,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('error: give --percent-off or --amount-off, one of the two\n');

    // The server's refusal in the CLI's terms: the flag, not the API's field.
    const months = await trainer(
      ['coupons', 'add', 'coach-cli', 'ONCE2', '--percent-off', '5', '--duration', 'once', '--months', '2'],
      env,
    );
    expect(months.code).toBe(1);
    expect(months.stderr).toBe('refused (400): --months goes with a repeating coupon, and only with one\n');

    // By the code members type, in any case, as `coupons add` was given it.
    const archived = await trainer(['coupons', 'archive', 'coach-cli', 'hello5'], env);
    expect(archived.code).toBe(0);
    expect(archived.stdout).toBe('Archived coupon HELLO5.\n');
  });
});
