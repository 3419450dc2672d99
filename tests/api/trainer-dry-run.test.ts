// `--dry-run` on every trainer command that changes money, members or what they can open, through
// the package's bin in a real shell against a real server process: each says what it would do,
// names what it found (a coupon by its code, a product by its slug, a member's grant), and leaves
// everything the admin API can show exactly as it was; what it cannot find is refused as the change
// itself would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROMO_CODE, DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { PASSWORD, uniqueEmail } from './members.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { BIN, trainerShell } from './trainer-bin.ts';

const TOKEN = 'trainer-dry-run-admin-token-long-enough-0123';
const T = DEMO_TRAINER_ID;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ ADMIN_TOKEN: TOKEN });
});
afterAll(() => {
  server.child.kill('SIGTERM');
});
const { shell } = trainerShell(TOKEN, () => server.url);

/** A command that must succeed; its stdout. */
function ok(line: string): string {
  const run = shell(`${BIN} ${line}`);
  expect(run.stderr, line).toBe('');
  expect(run.status, line).toBe(0);
  return run.stdout;
}

/** What the admin API shows for these commands (run with --json), to compare before and after. */
const picture = (lines: string[]) => lines.map((line) => ok(`--json ${line}`)).join('\n');

// Each command is a Node process started by a shell; on a loaded machine a few seconds each.
const SLOW = 240_000;

/** A member who has signed up, without paying: enough to be granted something. */
async function signedUp(): Promise<string> {
  const email = uniqueEmail('dry-run');
  const res = await fetch(new URL('/api/user/register', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Dry Run', email, password: PASSWORD, trainerID: T, os_type: 'Unknown' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return email;
}

const dryRun = (what: string) => new RegExp(`^Would ${what} \\(dry run, nothing changed\\)\\.\\n$`);

describe('trainer … --dry-run', () => {
  it(
    'trainers and settings: says what it would create or set, and changes nothing',
    () => {
      const before = picture([`trainers show ${T}`]);
      expect(
        ok(`trainers create dry-coach --name 'Dry Coach' --currency eur --trial-days 7 --dry-run`),
      ).toMatch(dryRun('create trainer dry-coach named Dry Coach, with plans in EUR and a 7-day trial'));
      expect(ok(`trainers update ${T} --tax-id ES-B123 --dry-run`)).toMatch(
        dryRun(`change trainer ${T}'s tax ID .+ to "ES-B123"`),
      );
      expect(ok(`settings retention ${T} --pause-months 1,2 --offer-pause 1 --dry-run`)).toMatch(
        dryRun(
          `set the retention of ${T} to: Pause: 1, 2 month\\(s\\)\\. At the cancel button: a pause of 1 month\\(s\\)`,
        ),
      );
      expect(picture([`trainers show ${T}`])).toBe(before);
      expect(shell(`${BIN} trainers show dry-coach`).status).toBe(1);
    },
    SLOW,
  );

  it(
    'plans: says what adding, changing and archiving would do, and changes nothing',
    () => {
      const plans = JSON.parse(ok(`--json plans list ${T}`)).plans as { id: string; archived: boolean }[];
      const planID = plans.find((p) => !p.archived)?.id ?? '';
      expect(planID).not.toBe('');
      const before = picture([`plans list ${T}`]);
      expect(
        ok(`plans add ${T} --interval month --count 3 --amount 79.00 --name Quarterly --dry-run`),
      ).toMatch(dryRun(`add the plan Quarterly, 79\\.00 USD every 3 months to ${T}, on sale at once`));
      expect(ok(`plans update ${T} ${planID} --name Renamed --dry-run`)).toMatch(
        dryRun(`change plan ${planID} from .+ to Renamed, .+`),
      );
      expect(ok(`plans archive ${T} ${planID} --dry-run`)).toMatch(
        dryRun(`take plan ${planID} \\(.+\\) off sale; members on it keep it`),
      );
      expect(picture([`plans list ${T}`])).toBe(before);
    },
    SLOW,
  );

  it(
    'coupons and products: says what each change would do, naming them as the operator does, and changes nothing',
    () => {
      const before = picture([`coupons list ${T}`, `products list ${T}`, `plans list ${T}`]);
      expect(ok(`coupons add ${T} SPRING20 --percent-off 20 --duration once --max 5 --dry-run`)).toMatch(
        dryRun(`add coupon SPRING20 to ${T}: 20% off once, for 5 checkouts, on any plan`),
      );
      // Named by the code members type, any case, as the change itself takes it.
      expect(ok(`coupons archive ${T} ${DEMO_PROMO_CODE.toLowerCase()} --dry-run`)).toMatch(
        dryRun(`stop coupon ${DEMO_PROMO_CODE} \\(.+, used \\d+ times\\) being entered at checkout; .+`),
      );
      expect(
        ok(`products add ${T} dry-course --kind course --name 'Dry Course' --amount 19.00 --dry-run`),
      ).toMatch(
        dryRun(`add the course Dry Course at /course/dry-course to ${T}, on sale at once for 19\\.00 USD`),
      );
      expect(ok(`products update ${T} 30-day-shred --description 'New line' --dry-run`)).toMatch(
        dryRun('change the challenge 30-Day Shred \\(.+\\): description to "New line"'),
      );
      expect(ok(`products add-price ${T} 30-day-shred --amount 9.00 --name Taster --dry-run`)).toMatch(
        dryRun('add the price Taster, 9\\.00 USD, to the challenge 30-Day Shred \\(.+\\), on sale at once'),
      );
      expect(ok(`products archive ${T} 30-day-shred --dry-run`)).toMatch(
        dryRun('take the challenge 30-Day Shred \\(.+\\) and its 1 price\\(s\\) on sale off sale; .+'),
      );
      expect(picture([`coupons list ${T}`, `products list ${T}`, `plans list ${T}`])).toBe(before);
    },
    SLOW,
  );

  it(
    'grants and staff: says what it would grant, end or send, and changes nothing nor mails anyone',
    async () => {
      const email = await signedUp();
      // A grant to revoke in a dry run: made for real, before the picture is taken.
      const granted = JSON.parse(ok(`--json members grant ${T} ${email} 30-day-shred --until 2099-01-31`));
      const grantID: string = granted.grant.id;
      const before = picture([`members show ${T} ${email}`, `staff list ${T}`]);
      expect(ok(`members grant ${T} ${email} membership --until 2099-12-31 --dry-run`)).toMatch(
        dryRun(`grant membership to Dry Run <${email}> from now until 2099-12-31, with no payment`),
      );
      expect(ok(`members revoke-grant ${T} ${email} ${grantID} --dry-run`)).toMatch(
        dryRun(
          `end grant ${grantID} \\(30-day-shred \\(30-Day Shred\\), until 2099-01-31\\) of Dry Run <${email}> now; .+`,
        ),
      );
      expect(ok(`staff invite ${T} coach@dry.example --role coach --locale es --dry-run`)).toMatch(
        dryRun(
          `email coach@dry.example an invitation in Spanish to ${T}'s studio as coach, for seven days and one use`,
        ),
      );
      expect(picture([`members show ${T} ${email}`, `staff list ${T}`])).toBe(before);
      const mailbox = (await (await fetch(new URL('/dev/mailbox.json', server.url))).json()) as {
        messages: { to: string }[];
      };
      expect(mailbox.messages.filter((m) => m.to === 'coach@dry.example')).toEqual([]);
    },
    SLOW,
  );

  it(
    'prints, with --json, the request it would have sent',
    () => {
      const out = JSON.parse(
        ok(`--json coupons add ${T} HALF --amount-off 5.00 --duration forever --dry-run`),
      );
      expect(out).toEqual({
        success: true,
        dryRun: true,
        request: {
          method: 'POST',
          path: `/api/admin/trainers/${T}/coupons`,
          body: { code: 'HALF', duration: 'forever', amountOff: 500, currency: 'usd' },
        },
      });
    },
    SLOW,
  );

  it(
    'refuses what it cannot find as the change would, exit 1, and a usage mistake before asking, exit 2',
    () => {
      const plan = shell(`${BIN} plans archive ${T} no-such-plan --dry-run`);
      expect(plan.status).toBe(1);
      expect(plan.stderr).toBe(`refused (404): Trainer ${T} has no plan no-such-plan\n`);
      const coupon = shell(`${BIN} coupons archive ${T} NOPE --dry-run`);
      expect(coupon.status).toBe(1);
      expect(coupon.stderr).toBe(`refused (404): Trainer ${T} has no coupon NOPE\n`);
      const staff = shell(`${BIN} staff remove ${T} no-such-staff --dry-run`);
      expect(staff.status).toBe(1);
      expect(staff.stderr).toBe('refused (404): There is no staff member no-such-staff\n');
      const usage = shell(
        `${BIN} coupons add ${T} BOTH --percent-off 5 --amount-off 1.00 --duration once --dry-run`,
      );
      expect(usage.status).toBe(2);
      expect(usage.stderr).toBe('error: give --percent-off or --amount-off, one of the two\n');
    },
    SLOW,
  );
});
