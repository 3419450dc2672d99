// `npm run trainer -- members …`, `refund` and `cancel`: the real CLI run as a child process against a
// real server process (`node server/main.ts`, the sandbox gateway), whose members buy through its
// hosted pages over HTTP as a browser would. What the CLI prints, its exit codes, and the email the
// member gets in the dev mailbox are read back as a person would read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { runCli } from './cli-process.ts';
import { payingMembers } from './paying-members.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const TOKEN = 'members-cli-admin-token-long-enough-0123456789';
const price = (suffix: string) => `${DEMO_TRAINER_ID}-price-${suffix}`;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ ADMIN_TOKEN: TOKEN });
});
afterAll(() => {
  server.child.kill('SIGTERM');
});

const trainer = (...args: string[]) =>
  runCli(['--url', server.url, '--as', 'Marta', ...args], { ADMIN_TOKEN: TOKEN });

const { mailTo, memberWho } = payingMembers(() => server.url);

async function shown(email: string) {
  const run = await trainer('--json', 'members', 'show', DEMO_TRAINER_ID, email);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).member as {
    id: string;
    subscriptions: { id: string; currentPeriodEnd: string }[];
    charges: { id: string }[];
    grants: { id: string }[];
  };
}

describe('the trainer CLI for members', () => {
  it('lists members found by email and shows one with its subscription and charge', async () => {
    const email = await memberWho([price('weekly')]);
    const listed = await trainer('members', 'list', DEMO_TRAINER_ID, '--search', email.toUpperCase());
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const [head, row, footer] = listed.stdout.split('\n');
    expect(head).toMatch(/^ID\s+EMAIL\s+NAME\s+STATUS\s+PLAN\s+CHARGES\s+JOINED$/);
    expect(row).toMatch(
      new RegExp(
        `^usr_\\S+\\s+${email}\\s+Cli Member\\s+active\\s+Coaching Membership: Weekly\\s+1\\s+\\d{4}-\\d{2}-\\d{2}$`,
      ),
    );
    expect(footer).toBe('1 of 1 members.');

    const member = await shown(email);
    const human = await trainer('members', 'show', DEMO_TRAINER_ID, email);
    expect(human.code).toBe(0);
    const lines = human.stdout.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^Cli Member <${email}> \\(${member.id}\\), joined \\d{4}-\\d{2}-\\d{2}\\.$`),
    );
    expect(lines[2]).toMatch(/^ID\s+PLAN\s+AMOUNT\s+STATUS\s+NEXT$/);
    expect(lines[3]).toMatch(
      new RegExp(
        `^${member.subscriptions[0]?.id}\\s+Coaching Membership: Weekly\\s+14\\.99 USD\\s+active\\s+renews \\d{4}-\\d{2}-\\d{2}$`,
      ),
    );
    expect(lines[5]).toMatch(/^ID\s+DESCRIPTION\s+AMOUNT\s+DATE\s+STATUS$/);
    expect(lines[6]).toMatch(new RegExp(`^${member.charges[0]?.id}\\s+.+\\s+14\\.99 USD\\s+\\S+\\s+paid$`));

    const tooMany = await trainer('members', 'list', DEMO_TRAINER_ID, '--limit', '101');
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toBe('error: --limit 101 is more than 100\n');

    const nobody = await trainer('members', 'show', DEMO_TRAINER_ID, 'nobody@example.com');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toBe(
      `refused (404): Trainer ${DEMO_TRAINER_ID} has no member nobody@example.com\n`,
    );
  });

  it('refunds a charge once: a second refund and an amount over the charge are refused, exit 1', async () => {
    const email = await memberWho([price('challenge')]);
    const [charge] = (await shown(email)).charges;
    const id = charge?.id ?? '';

    const over = await trainer('refund', '--yes', DEMO_TRAINER_ID, id, '--amount', '49.01');
    expect(over.code).toBe(1);
    expect(over.stderr).toBe(
      `refused (400): Charge ${id} was 49.00 USD: a refund of 49.01 USD is more than was charged\n`,
    );
    const typo = await trainer('refund', '--yes', DEMO_TRAINER_ID, id, '--amount', '49,00');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      'error: --amount 49,00 is not an amount in USD: at most 2 decimals, such as 29.99\n',
    );

    const done = await trainer('refund', '--yes', DEMO_TRAINER_ID, id, '--amount', '49.00');
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toBe(`Refunded charge ${id}: 49.00 USD.\n`);
    const after = await trainer('members', 'show', DEMO_TRAINER_ID, email);
    expect(after.stdout).toMatch(
      new RegExp(`${id}\\s+.+\\s+49\\.00 USD\\s+\\S+\\s+refunded \\d{4}-\\d{2}-\\d{2}\\n`),
    );

    const twice = await trainer('refund', '--yes', DEMO_TRAINER_ID, id);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe(`refused (409): Charge ${id} is already refunded\n`);
    expect(twice.stdout).toBe('');
  });

  it('cancels at the period’s end and then at once; the member is emailed each time', async () => {
    const email = await memberWho([price('weekly')]);
    const [sub] = (await shown(email)).subscriptions;
    const id = sub?.id ?? '';

    const later = await trainer('cancel', '--yes', DEMO_TRAINER_ID, id, '--at-period-end');
    expect(later.code, later.stderr).toBe(0);
    expect(later.stdout).toBe(
      `Subscription ${id} ends at the end of its period, on ${sub?.currentPeriodEnd.slice(0, 10)}.\n`,
    );
    const now = await trainer('--json', 'cancel', '--yes', DEMO_TRAINER_ID, id);
    expect(now.code, now.stderr).toBe(0);
    expect(JSON.parse(now.stdout)).toMatchObject({
      pending: false,
      subscription: { id, status: 'canceled' },
    });

    const again = await trainer('cancel', '--yes', DEMO_TRAINER_ID, id);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`refused (409): Subscription ${id} has already ended\n`);

    const subjects = (await mailTo(email)).map((m) => m.subject);
    expect(subjects).toContainEqual(expect.stringMatching(/: your subscription has been cancelled$/));
    expect(subjects).toContainEqual(expect.stringMatching(/: your subscription has ended$/));
  });

  it('grants the challenge until a day, shows what the member can open and why, and revokes it', async () => {
    const email = await memberWho([price('weekly')]);
    const bad = await trainer(
      'members',
      'grant',
      DEMO_TRAINER_ID,
      email,
      '30-day-shred',
      '--until',
      '2020-01-01',
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /^refused \(400\): until 2020-01-01 is before today \(\d{4}-\d{2}-\d{2}, UTC\)/,
    );

    const granted = await trainer(
      'members',
      'grant',
      DEMO_TRAINER_ID,
      email,
      '30-day-shred',
      '--until',
      '2099-12-31',
    );
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    const [grant] = (await shown(email)).grants;
    expect(granted.stdout).toBe(
      `Granted 30-day-shred (30-Day Shred) to ${email} until 2099-12-31: grant ${grant?.id}.\n`,
    );
    const human = (await trainer('members', 'show', DEMO_TRAINER_ID, email)).stdout;
    expect(human).toMatch(
      new RegExp(
        `\\n${grant?.id}\\s+30-day-shred \\(30-Day Shred\\)\\s+\\S+\\s+until 2099-12-31\\s+Marta\\n`,
      ),
    );
    expect(human).toMatch(/\nITEM\s+TITLE\s+OPEN\s+WHY\n/);
    expect(human).toMatch(
      /\nchallenge\/30-day-shred\s+30-Day Shred\s+yes\s+grant, closes 2100-01-01 00:00 UTC\n/,
    );
    expect(human).toMatch(/\nworkout\/core-in-10\s+.+\s+yes\s+subscription\n/);
    expect(human).toMatch(/\nworkout\/kettlebell-swing-ladder\s+.+\s+no\s+planNotIncluded\n/);

    const revoked = await trainer('members', 'revoke-grant', DEMO_TRAINER_ID, email, grant?.id ?? '');
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toBe(`Revoked grant ${grant?.id} (30-day-shred (30-Day Shred)).\n`);
    expect((await trainer('members', 'show', DEMO_TRAINER_ID, email)).stdout).toMatch(
      /\nchallenge\/30-day-shred\s+30-Day Shred\s+no\s+grantEnded\n/,
    );
  });
});
