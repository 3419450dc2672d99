// `GET /api/admin/stripe/check` against the local Stripe stub: the key, the webhook endpoint for this
// site with every event the processor applies (the one list, HANDLED_EVENT_TYPES), and the coupons
// checkout may apply; and on a sandbox server, that there is no Stripe at all.
import { beforeEach, describe, expect, it } from 'vitest';
import { activeCoupons } from '../../server/admin/coupons.repository.ts';
import { HANDLED_EVENT_TYPES } from '../../server/payments/handled-events.ts';
import { closedAfterEach, startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { TEST_ENV } from './members.ts';
import { adminAppOnStripeStub } from './stripe-app.ts';
import { dashboardPortal, type PortalConfiguration, type StripeStub } from './stripe-stub.ts';

const TOKEN = 'stripe-check-admin-token-long-enough-0123';
const KEY = 'sk_live_stripecheck';
const WEBHOOK_URL = 'http://site.test/api/webhooks/stripe';
// Stripe's portal's list of reasons, as its API reference names them: the site's cancel flow asks the same.
const STRIPE_REASONS = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
];

/** The default portal as the site needs it: the demo dataset's site name, its legal pages. */
function sitePortal(id = 'bpc_site'): PortalConfiguration {
  const portal = dashboardPortal(id);
  portal.business_profile = {
    headline: 'Coach Rivera Fitness',
    privacy_policy_url: 'http://site.test/privacy',
    terms_of_service_url: 'http://site.test/tos',
  };
  portal.features.subscription_cancel = {
    enabled: true,
    mode: 'at_period_end',
    proration_behavior: 'none',
    cancellation_reason: { enabled: true, options: [...STRIPE_REASONS] },
  };
  return portal;
}

let t: TestApp;
let stripe: StripeStub;
const others = closedAfterEach();
adminAppOnStripeStub({ key: KEY, adminToken: TOKEN, webhookSecret: 'whsec_stripecheck' }, (app, stub) => {
  t = app;
  stripe = stub;
});

/** Stripe as a site that is fully set up has it: the endpoint, and every active coupon. */
async function allSetUp(events: string[] = [...HANDLED_EVENT_TYPES]) {
  stripe.reset([KEY]);
  stripe.webhookEndpoints.push(
    {
      id: 'we_other',
      object: 'webhook_endpoint',
      url: 'https://elsewhere.test/hook',
      status: 'enabled',
      enabled_events: ['*'],
    },
    {
      id: 'we_site',
      object: 'webhook_endpoint',
      url: WEBHOOK_URL,
      status: 'enabled',
      enabled_events: events,
    },
  );
  for (const c of await activeCoupons(t.context.db)) stripe.coupons.set(c.id, { id: c.id, object: 'coupon' });
  stripe.portalConfigurations.push(dashboardPortal('bpc_other', false), sitePortal());
}
beforeEach(() => allSetUp());

async function check(app = t) {
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/admin/stripe/check',
    headers: { 'admin-token': TOKEN, 'admin-actor': 'Ana' },
  });
  expect(res.statusCode).toBe(200);
  return expectContract(res, 'adminStripeCheck') as {
    ok: boolean;
    gateway: string;
    mode: string | null;
    webhookUrl: string;
    requiredEvents: string[];
    missingEvents: string[];
    missingCoupons: string[];
    checks: { name: string; status: string; detail: string }[];
  };
}

const statuses = (body: Awaited<ReturnType<typeof check>>) =>
  Object.fromEntries(body.checks.map((c) => [c.name, c.status]));

describe('stripe check', () => {
  it('passes when the key works, the endpoint sends every event the processor applies, and Stripe has every coupon', async () => {
    const body = await check();
    expect(body).toMatchObject({
      ok: true,
      gateway: 'stripe',
      mode: 'live',
      webhookUrl: WEBHOOK_URL,
      requiredEvents: [...HANDLED_EVENT_TYPES],
      missingEvents: [],
      missingCoupons: [],
    });
    expect(statuses(body)).toEqual({
      gateway: 'ok',
      key: 'ok',
      webhook: 'ok',
      coupons: 'ok',
      portal: 'ok',
    });
    expect(body.checks.find((c) => c.name === 'webhook')?.detail).toBe(
      `The endpoint we_site for ${WEBHOOK_URL} sends every event the site applies`,
    );
  });

  it('takes an endpoint that sends every event (*) as sending the ones needed', async () => {
    await allSetUp(['*']);
    expect((await check()).ok).toBe(true);
  });

  it('names the events the site’s endpoint does not send', async () => {
    await allSetUp(['checkout.session.completed', 'invoice.paid', 'charge.failed']);
    const body = await check();
    const missing = HANDLED_EVENT_TYPES.filter(
      (e) => e !== 'checkout.session.completed' && e !== 'invoice.paid',
    );
    expect(body.ok).toBe(false);
    expect(body.missingEvents).toEqual(missing);
    expect(statuses(body)).toMatchObject({ key: 'ok', webhook: 'missing', coupons: 'ok' });
    expect(body.checks.find((c) => c.name === 'webhook')?.detail).toBe(
      `The endpoint we_site for ${WEBHOOK_URL} does not send ${missing.join(', ')}`,
    );
  });

  it('says when no endpoint sends to this site, or the one that does is disabled', async () => {
    stripe.webhookEndpoints.splice(1, 1);
    const none = await check();
    expect(none.missingEvents).toEqual([...HANDLED_EVENT_TYPES]);
    expect(none.checks.find((c) => c.name === 'webhook')?.detail).toBe(
      `No webhook endpoint in Stripe sends events to ${WEBHOOK_URL}: add one with the events listed`,
    );
    stripe.webhookEndpoints.push({
      id: 'we_off',
      url: WEBHOOK_URL,
      status: 'disabled',
      enabled_events: ['*'],
    });
    const disabled = await check();
    expect(disabled.ok).toBe(false);
    expect(disabled.checks.find((c) => c.name === 'webhook')?.detail).toMatch(
      /^The endpoint we_off .* is disabled/,
    );
  });

  it('names a coupon checkout may apply that Stripe does not have', async () => {
    const [first] = await activeCoupons(t.context.db);
    if (!first) throw new Error('the seed has an active coupon');
    stripe.coupons.delete(first.id);
    const body = await check();
    expect(body.ok).toBe(false);
    expect(body.missingCoupons).toEqual([first.id]);
    expect(body.checks.find((c) => c.name === 'coupons')?.detail).toContain(
      `Stripe has no coupon ${first.id} (${first.trainerId} ${first.code})`,
    );
  });

  it('fails on a key Stripe refuses, saying so, and checks nothing further', async () => {
    stripe.reset(['sk_live_another']);
    const body = await check();
    expect(body.ok).toBe(false);
    expect(statuses(body)).toEqual({ gateway: 'ok', key: 'failed' });
    expect(body.checks[1]?.detail).toMatch(/^Stripe refused STRIPE_SECRET_KEY: Invalid API Key provided/);
  });

  it('names how the default customer portal differs from what the site needs', async () => {
    stripe.portalConfigurations.splice(0, 2, dashboardPortal('bpc_other', false), dashboardPortal('bpc_new'));
    const body = await check();
    expect(body.ok).toBe(false);
    expect(statuses(body)).toMatchObject({ webhook: 'ok', coupons: 'ok', portal: 'missing' });
    const detail = body.checks.find((c) => c.name === 'portal')?.detail ?? '';
    expect(detail).toMatch(/^The customer portal bpc_new: /);
    expect(detail).toContain('the headline is null, not "Coach Rivera Fitness"');
    expect(detail).toContain('the terms URL is null, not "http://site.test/tos"');
    expect(detail).toContain('the cancel mode is "immediately", not "at_period_end"');
    expect(detail).toContain(`the reasons lack ${STRIPE_REASONS.join(', ')}`);
  });

  it('says when Stripe has no default portal, and that a pause in Stripe’s portal is not the site’s', async () => {
    stripe.portalConfigurations.splice(1, 1);
    const none = await check();
    expect(none.checks.find((c) => c.name === 'portal')).toMatchObject({
      status: 'missing',
      detail: expect.stringMatching(/^Stripe has no default customer portal configuration/),
    });
    const paused = sitePortal();
    paused.features.subscription_pause.enabled = true;
    stripe.portalConfigurations.push(paused);
    const body = await check();
    expect(body.checks.find((c) => c.name === 'portal')?.detail).toContain(
      "Stripe's pause is true, not false",
    );
  });

  it('--fix writes the profile and the cancel settings into the default portal, then it passes', async () => {
    const paused = dashboardPortal('bpc_new');
    paused.features.subscription_pause.enabled = true;
    stripe.portalConfigurations.splice(0, 2, dashboardPortal('bpc_other', false), paused);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stripe/portal',
      headers: { 'admin-token': TOKEN, 'admin-actor': 'Ana' },
    });
    expect(res.statusCode).toBe(200);
    const fix = expectContract(res, 'adminFixStripePortal') as { fixed: boolean; configuration: string };
    expect(fix).toMatchObject({ fixed: true, configuration: 'bpc_new' });
    // The other configuration is left alone; the default one now reads as the site's.
    expect(stripe.portalConfigurations[0]).toEqual(dashboardPortal('bpc_other', false));
    expect(stripe.portalConfigurations[1]).toEqual(sitePortal('bpc_new'));
    const posted = stripe.requests.find((r) => r.method === 'POST');
    expect(posted?.path).toBe('/v1/billing_portal/configurations/bpc_new');
    expect(posted?.form['features[subscription_pause][enabled]']).toBe('false');
    expect((await check()).ok).toBe(true);
    // Run again, it changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stripe/portal',
      headers: { 'admin-token': TOKEN, 'admin-actor': 'Ana' },
    });
    expect(again.json()).toMatchObject({ fixed: false, configuration: 'bpc_new', changes: [] });
    expect(stripe.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('on a sandbox server, says Stripe is not configured', async () => {
    const sandbox = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: TOKEN } });
    others.push(sandbox);
    const body = await check(sandbox);
    expect(body).toMatchObject({ ok: false, gateway: 'sandbox', mode: null });
    expect(body.checks).toEqual([
      {
        name: 'gateway',
        status: 'missing',
        detail: 'STRIPE_SECRET_KEY is not set: this server sells through the sandbox gateway',
      },
    ]);
  });
});
