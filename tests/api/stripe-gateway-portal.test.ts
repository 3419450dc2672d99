// The Stripe gateway's billing portal and configuration, tested against the local stub: a portal for
// the caller's own customer only, an outage answered with a 502, keys checked at start.

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';
import { appOnGatewayStub, requests, start, stubbed, t } from './stripe-gateway.fixtures.ts';

appOnGatewayStub();

describe('Stripe billing portal', () => {
  it("creates a portal session for the caller's own customer with the return URL", async () => {
    const member = await createMember(t.context, { gatewayCustomerId: 'cus_mine' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID, route: '/profile' },
    });
    expect(res.statusCode).toBe(201);
    expect(expectContract(res, 'openBillingPortal')).toEqual({
      success: true,
      url: 'https://billing.stripe.test/bps',
    });
    expect(requests[0]?.path).toBe('/v1/billing_portal/sessions');
    expect(requests[0]?.form).toMatchObject({
      customer: 'cus_mine',
      return_url: 'http://site.test/profile',
      locale: 'en',
    });
  });

  it('does not call Stripe for a member without a customer', async () => {
    const member = await createMember(t.context);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/openGatewayStripePortal',
      headers: { token: member.token },
      payload: { trainerID: DEMO_TRAINER_ID },
    });
    expect(res.statusCode).toBe(404);
    expectContract(res, 'openBillingPortal');
    expect(requests).toHaveLength(0);
  });
});

describe('Stripe configuration', () => {
  it('answers a Stripe outage with a 502 the member can retry, never a 500', async () => {
    const member = await createMember(t.context, { gatewayCustomerId: 'cus_down' });
    stubbed.stripeDown = true;
    try {
      const checkout = await start(member.token, ['demo-trainer-price-monthly']);
      expect(checkout.statusCode).toBe(502);
      expect(expectContract(checkout, 'startCheckoutSession')).toMatchObject({ success: false });
      const portal = await t.app.inject({
        method: 'POST',
        url: '/api/user/openGatewayStripePortal',
        headers: { token: member.token },
        payload: { trainerID: DEMO_TRAINER_ID },
      });
      expect(portal.statusCode).toBe(502);
      expect(expectContract(portal, 'openBillingPortal')).toMatchObject({ success: false });
    } finally {
      stubbed.stripeDown = false;
    }
  });

  it('refuses to start with a secret key but no webhook secret, or with malformed keys', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).STRIPE_SECRET_KEY,
    ).toBe('sk_test_abc');
  });
});
