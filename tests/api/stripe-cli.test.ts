// `npm run trainer -- stripe check` and `npm run trainer -- doctor`: the real CLI run as a child
// process, the first against a real server listening on a port with Stripe stubbed, the second on an
// env file; read through their output and exit code (0 all good, 4 something wrong, 2 usage).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { activeCoupons } from '../../server/admin/coupons.repository.ts';
import { HANDLED_EVENT_TYPES } from '../../server/payments/handled-events.ts';
import type { TestApp } from './app.ts';
import { runCli } from './cli-process.ts';
import { adminAppOnStripeStub } from './stripe-app.ts';
import { dashboardPortal, type StripeStub } from './stripe-stub.ts';

const TOKEN = 'stripe-cli-admin-token-long-enough-0123456';
const KEY = 'sk_test_stripecli';

let t: TestApp;
let stripe: StripeStub;
let url: string;
adminAppOnStripeStub({ key: KEY, adminToken: TOKEN, webhookSecret: 'whsec_stripecli' }, async (app, stub) => {
  t = app;
  stripe = stub;
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

const trainer = (args: string[]) => runCli(args, { ADMIN_TOKEN: TOKEN });

async function stripeSetUp(events: string[]) {
  stripe.reset([KEY]);
  stripe.webhookEndpoints.push({
    id: 'we_site',
    url: 'http://site.test/api/webhooks/stripe',
    status: 'enabled',
    enabled_events: events,
  });
  for (const c of await activeCoupons(t.context.db)) stripe.coupons.set(c.id, { id: c.id, object: 'coupon' });
  stripe.portalConfigurations.push(dashboardPortal('bpc_cli'));
}

const check = (...flags: string[]) => trainer(['--url', url, ...flags, 'stripe', 'check']);

describe('trainer stripe check', () => {
  it('--fix sets the customer portal, then prints every check ok and exits 0', async () => {
    await stripeSetUp([...HANDLED_EVENT_TYPES]);
    const before = await check();
    expect(before.code).toBe(4);
    expect(before.stdout).toMatch(
      /\nFAIL\s+portal\s+missing: The customer portal bpc_cli: the headline is null/,
    );
    const run = await trainer(['--url', url, 'stripe', 'check', '--fix']);
    expect(run.stdout).toMatch(
      /^The customer portal bpc_cli now matches the site\n {2}was: the headline is null/,
    );
    expect(stripe.portalConfigurations[0]?.business_profile).toEqual({
      headline: 'Coach Rivera Fitness',
      privacy_policy_url: 'http://site.test/privacy',
      terms_of_service_url: 'http://site.test/tos',
    });
    expect(stripe.portalConfigurations[0]?.features.subscription_cancel.mode).toBe('at_period_end');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /\nSTATUS\s+CHECK\s+DETAIL\nok\s+gateway\s+Stripe, with a test mode key\nok\s+key\s+/,
    );
    expect(run.stdout).toMatch(/\nok\s+webhook\s+The endpoint we_site/);
    expect(run.stdout).toContain('Webhook endpoint: http://site.test/api/webhooks/stripe\n');
    expect(run.stdout).toMatch(/Stripe is set up\.\n$/);
  });

  it('lists the events the endpoint does not send and exits 4; --json gives the server’s answer', async () => {
    await stripeSetUp(['checkout.session.completed']);
    const run = await check();
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/\nFAIL\s+webhook\s+missing: The endpoint we_site/);
    const missing = HANDLED_EVENT_TYPES.filter((e) => e !== 'checkout.session.completed');
    expect(run.stdout).toContain(
      `Events it must send and does not:\n${missing.map((e) => `  ${e}`).join('\n')}\n`,
    );
    const json = await check('--json');
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)).toMatchObject({ success: true, ok: false, missingEvents: missing });
  });

  it('exits 4 on a key Stripe refuses', async () => {
    stripe.reset(['sk_test_someone_else']);
    const run = await check();
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/\nFAIL\s+key\s+failed: Stripe refused STRIPE_SECRET_KEY/);
  });
});

describe('trainer doctor', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'doctor-'));
  const envFile = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, `# the site's variables\n${lines.join('\n')}\n`);
    return file;
  };
  const live = [
    'NODE_ENV=production',
    'PUBLIC_URL=https://coach.example',
    'TRUST_PROXY=1',
    'DATABASE_URL=postgres://site:secret@db.internal:5432/site',
    'SMTP_URL=smtps://mailer:secret@smtp.example:465',
    'MAIL_FROM="Coach <hello@coach.example>"',
    'STRIPE_SECRET_KEY=sk_live_abc123',
    'STRIPE_WEBHOOK_SECRET=whsec_abc123',
    'SANITY_PROJECT_ID=abc123',
    'ADMIN_TOKEN=Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
  ];

  it('passes a live env file, exit 0, reading quoted values as the server would', async () => {
    const run = await trainer(['doctor', '--from', envFile('live.env', live)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\nok\s+MAIL_FROM\s+Coach <hello@coach.example>\n/);
    expect(run.stdout).toMatch(/\n0 failing, 0 warnings\.\n$/);
  });

  it('exits 4 on what production refuses, and on warnings only with --strict', async () => {
    const refused = await trainer(['doctor', '--from', envFile('dev.env', ['NODE_ENV=development'])]);
    expect(refused.code).toBe(4);
    expect(refused.stdout).toMatch(/\nFAIL\s+STRIPE_SECRET_KEY\s+is required in production/);
    const warned = envFile('warned.env', [...live, 'REDIS_URL=']);
    const several = await trainer(['doctor', '--from', warned, '--instances', '2', '--json']);
    expect(several.code).toBe(0);
    expect(JSON.parse(several.stdout).findings).toContainEqual(
      expect.objectContaining({ level: 'warn', check: 'REDIS_URL' }),
    );
    expect((await trainer(['doctor', '--from', warned, '--instances', '2', '--strict'])).code).toBe(4);
  });

  it('exits 2 on an env file it cannot read', async () => {
    const run = await trainer(['doctor', '--from', path.join(dir, 'nope.env')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error: cannot read --from ${path.join(dir, 'nope.env')}: ENOENT\n`);
  });
});
