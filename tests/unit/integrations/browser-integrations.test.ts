// The SPA's service adapters, without a browser: what each spec event becomes, the order rules of
// the engagement port, the privacy signals, and the options handed to the vendors' SDKs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COLLECTOR_API_KEY,
  DEV_EVENTS_PATH,
  ENABLED_RELEASE_STAGES,
  NO_SERVICES,
  redactParameters,
} from '../../../domain/integrations.ts';
import { createAnalytics, ga4Event, noAnalytics } from '../../../src/integrations/analytics.ts';
import {
  brazeOptions,
  createEngagement,
  engagementPort,
  noEngagement,
} from '../../../src/integrations/engagement.ts';
import { bugsnagConfig, createErrorReporter, noErrorReporter } from '../../../src/integrations/errors.ts';
import { refusesTracking } from '../../../src/integrations/privacy.ts';

afterEach(() => vi.unstubAllGlobals());

function collectorFetch() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 202 });
    }),
  );
  return posts;
}

describe('analytics', () => {
  it('sends each spec event to the collector as it is named, with no personal data', () => {
    const posts = collectorFetch();
    const analytics = createAnalytics({ vendor: 'collector', url: '/dev/events/analytics' }, false);
    analytics.send('page_view', { path: '/challenge/30-day-shred' });
    analytics.send('sign_up', {});
    analytics.send('sign_in', {});
    analytics.send('checkout_attempt', { price: 'price_1', product: 'prod_1', coupon: 'WELCOME10' });
    expect(posts).toEqual([
      {
        url: '/dev/events/analytics',
        body: { name: 'page_view', params: { path: '/challenge/30-day-shred' } },
      },
      { url: '/dev/events/analytics', body: { name: 'sign_up', params: {} } },
      { url: '/dev/events/analytics', body: { name: 'sign_in', params: {} } },
      {
        url: '/dev/events/analytics',
        body: {
          name: 'checkout_attempt',
          params: { price: 'price_1', product: 'prod_1', coupon: 'WELCOME10' },
        },
      },
    ]);
  });

  it("maps them to GA4's recommended events", () => {
    const origin = 'https://coach.example';
    expect(ga4Event('page_view', { path: '/challenge/x' }, origin)).toEqual([
      'page_view',
      { page_path: '/challenge/x', page_location: 'https://coach.example/challenge/x' },
    ]);
    expect(ga4Event('sign_up', {}, origin)).toEqual(['sign_up', { method: 'email' }]);
    expect(ga4Event('sign_in', {}, origin)).toEqual(['login', { method: 'email' }]);
    expect(
      ga4Event('checkout_attempt', { price: 'price_1', product: 'prod_1', coupon: 'C10' }, origin),
    ).toEqual(['begin_checkout', { coupon: 'C10', items: [{ item_id: 'prod_1', item_variant: 'price_1' }] }]);
  });

  it('sends nothing for a visitor who refuses tracking, or when nothing is configured', () => {
    expect(createAnalytics({ vendor: 'collector', url: '/dev/events/analytics' }, true)).toBe(noAnalytics);
    expect(createAnalytics({ vendor: 'ga4', measurementId: 'G-TEST1234' }, true)).toBe(noAnalytics);
    expect(createAnalytics(null, false)).toBe(noAnalytics);
  });
});

describe('the privacy signals', () => {
  it('are Global Privacy Control and Do Not Track', () => {
    expect(refusesTracking({ globalPrivacyControl: true }, {})).toBe(true);
    expect(refusesTracking({ doNotTrack: '1' }, {})).toBe(true);
    expect(refusesTracking({}, { doNotTrack: '1' })).toBe(true);
    expect(refusesTracking({ globalPrivacyControl: false, doNotTrack: '0' }, {})).toBe(false);
    expect(refusesTracking({}, {})).toBe(false);
  });
});

describe('engagement', () => {
  function recorded() {
    const calls: string[] = [];
    const port = engagementPort(() => ({
      changeUser: (id) => calls.push(`changeUser ${id}`),
      logCustomEvent: (name) => calls.push(`logCustomEvent ${name}`),
      wipeData: () => calls.push('wipeData'),
    }));
    return { calls, port };
  }

  it('identifies the member before logging what they did, whichever came first', () => {
    const { calls, port } = recorded();
    port.track('sign_up', {});
    expect(calls).toEqual([]);
    port.identify('m1');
    port.track('checkout_attempt', { price: 'p' });
    expect(calls).toEqual(['changeUser m1', 'logCustomEvent sign_up', 'logCustomEvent checkout_attempt']);
  });

  it('starts nothing for a visitor, and sign-out wipes the data and drops what was waiting', () => {
    const { calls, port } = recorded();
    port.track('sign_in', {});
    port.stop();
    port.identify('m2');
    expect(calls).toEqual(['changeUser m2']);
    port.identify('m2');
    port.stop();
    port.track('sign_in', {});
    expect(calls).toEqual(['changeUser m2', 'wipeData']);
  });

  it('sends the calls to the collector as Braze names them', () => {
    const posts = collectorFetch();
    const engagement = createEngagement({ vendor: 'collector', url: '/dev/events/engagement' }, false);
    engagement.identify('m3');
    engagement.track('sign_in', {});
    engagement.stop();
    expect(posts.map((p) => p.body)).toEqual([
      { call: 'changeUser', userId: 'm3' },
      { call: 'logCustomEvent', name: 'sign_in', properties: {} },
      { call: 'wipeData' },
    ]);
  });

  it('runs for no one who refuses tracking', () => {
    expect(createEngagement({ vendor: 'braze', apiKey: 'k', baseUrl: 'sdk.example' }, true)).toBe(
      noEngagement,
    );
  });

  it('hands Braze logging off, 30 s between triggers and the page nonce', () => {
    expect(brazeOptions('sdk.iad-01.braze.com', 'n0nce')).toEqual({
      baseUrl: 'sdk.iad-01.braze.com',
      enableLogging: false,
      minimumIntervalBetweenTriggerActionsInSeconds: 30,
      doNotLoadFontAwesome: true,
      contentSecurityNonce: 'n0nce',
    });
  });
});

describe('error reporting', () => {
  const settings = {
    apiKey: '0'.repeat(32),
    endpoints: { notify: '/dev/events/notify', sessions: '/dev/events/sessions' },
  };

  function fakeEvent() {
    return {
      request: { url: 'https://coach.example/email-verified?token=abc123&x=1' },
      context: '/profile?token=abc123',
      breadcrumbs: [
        { message: 'Navigated to /profile?token=abc123', metadata: { to: '/profile?token=abc123' } },
      ],
      user: {} as { id?: string },
      setUser(id?: string) {
        this.user = { id };
      },
    };
  }

  it('loads no client in a stage that reports nothing', () => {
    expect(createErrorReporter(settings, 'development', false)).toBe(noErrorReporter);
    expect(createErrorReporter(settings, 'test', false)).toBe(noErrorReporter);
    expect(createErrorReporter(settings, 'staging', false)).not.toBe(noErrorReporter);
    expect(createErrorReporter(null, 'production', false)).toBe(noErrorReporter);
  });

  it('reports only from production and staging, to the configured endpoints made absolute', () => {
    const config = bugsnagConfig(settings, 'development', {
      anonymous: false,
      memberId: () => null,
      origin: 'https://coach.example',
    });
    expect(config.releaseStage).toBe('development');
    expect(config.enabledReleaseStages).toEqual(['production', 'staging']);
    expect(ENABLED_RELEASE_STAGES).not.toContain('development');
    expect(config.endpoints).toEqual({
      notify: 'https://coach.example/dev/events/notify',
      sessions: 'https://coach.example/dev/events/sessions',
    });
    expect(config.collectUserIp).toBe(false);
    // A session travels in the Authorization header and in cookies: neither may leave in a report.
    for (const key of [
      'password',
      'newPassword',
      'token',
      'userToken',
      'cardNumber',
      'cvc',
      'email',
      'authorization',
      'cookie',
    ]) {
      expect(config.redactedKeys?.some((k) => (typeof k === 'string' ? k === key : k.test(key)))).toBe(true);
    }
  });

  it("attaches the member's id, never more, and replaces every token in the URLs", () => {
    const config = bugsnagConfig(settings, 'staging', {
      anonymous: false,
      memberId: () => 'member-7',
      origin: 'https://coach.example',
    });
    const event = fakeEvent();
    (config.onError as (e: unknown) => void)(event);
    expect(event.user).toEqual({ id: 'member-7' });
    expect(JSON.stringify(event)).not.toContain('abc123');
    expect(event.request.url).toBe('https://coach.example/email-verified?token=[redacted]&x=1');
  });

  it('sends a report with no id at all for a visitor who refuses tracking', () => {
    const config = bugsnagConfig(settings, 'staging', {
      anonymous: true,
      memberId: () => 'member-7',
      origin: 'https://coach.example',
    });
    const event = fakeEvent();
    (config.onError as (e: unknown) => void)(event);
    expect(event.user).toEqual({ id: undefined });
    expect(config.generateAnonymousId).toBe(false);
  });

  it('redacts token parameters wherever they appear', () => {
    expect(redactParameters('/reset-password?token=abc&lang=es')).toBe(
      '/reset-password?token=[redacted]&lang=es',
    );
    expect(redactParameters('/x?a=1&userToken=zz')).toBe('/x?a=1&userToken=[redacted]');
  });
});

describe('the services without a configuration', () => {
  it('run none of them, in the development stage, which reports nothing', () => {
    expect(NO_SERVICES).toEqual({
      releaseStage: 'development',
      errors: null,
      engagement: null,
      analytics: null,
    });
    expect(ENABLED_RELEASE_STAGES).not.toContain(NO_SERVICES.releaseStage);
  });

  it("give the collector a key of Bugsnag's shape (32 hexadecimal digits) and its path on the API server", () => {
    expect(COLLECTOR_API_KEY).toMatch(/^[0-9a-f]{32}$/);
    expect(DEV_EVENTS_PATH).toBe('/dev/events');
  });
});
