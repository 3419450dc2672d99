// A local stand-in for the part of Stripe's API the admin API uses: coupons (created, read, listed,
// deleted), prices (created, listed by lookup key, archived), webhook endpoints (listed) and
// customer portal configurations (listed, updated from the form's nested keys), with Stripe's own rules where the server relies on them:
// the secret key is checked, an idempotency key replays the first answer (and is refused with other
// parameters), a taken coupon id is `resource_already_exists`, a missing one `resource_missing`. A
// test can make the next matching requests fail, or lose the answer after the change is made.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

type Failure = { status: number; error: Record<string, unknown> } | 'lose-answer';

interface PendingFailure {
  method: string;
  path: RegExp;
  failure: Failure;
  times: number;
}

export interface StripeStub {
  /** The base URL to give the server as STRIPE_API_URL. */
  url: string;
  requests: StubRequest[];
  coupons: Map<string, Record<string, unknown>>;
  /** Stripe's prices by id, each with its `lookup_key` and `active`. */
  prices: Map<string, Record<string, unknown>>;
  webhookEndpoints: Record<string, unknown>[];
  /** Customer portal configurations, in Stripe's shape. */
  portalConfigurations: PortalConfiguration[];
  /** The secret keys Stripe accepts. */
  keys: Set<string>;
  /** The next `times` requests of this method whose path matches answer with the failure. */
  fail(method: string, path: RegExp, failure: Failure, times?: number): void;
  /** Forgets the requests, the objects and the failures; accepts only `keys` again. */
  reset(keys: string[]): void;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

const missing = (kind: string, id: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` },
  },
});

const numberOrNull = (text: string | undefined) => (text === undefined ? null : Number(text));

function couponFrom(form: Record<string, string>): Record<string, unknown> {
  const metadata = Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith('metadata['))
      .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
  );
  return {
    id: form.id,
    object: 'coupon',
    name: form.name ?? null,
    percent_off: numberOrNull(form.percent_off),
    amount_off: numberOrNull(form.amount_off),
    currency: form.currency ?? null,
    duration: form.duration,
    duration_in_months: numberOrNull(form.duration_in_months),
    max_redemptions: numberOrNull(form.max_redemptions),
    redeem_by: numberOrNull(form.redeem_by),
    metadata,
    livemode: false,
    valid: true,
  };
}

export interface PortalConfiguration {
  id: string;
  object: 'billing_portal.configuration';
  is_default: boolean;
  active: boolean;
  business_profile: Record<string, string | null>;
  features: {
    subscription_cancel: {
      enabled: boolean;
      mode: string;
      proration_behavior: string;
      cancellation_reason: { enabled: boolean; options: string[] };
    };
    subscription_pause: { enabled: boolean };
  };
}

/** A configuration as Stripe's dashboard first saves it: no profile, cancel now, no reasons asked. */
export function dashboardPortal(id: string, isDefault = true): PortalConfiguration {
  return {
    id,
    object: 'billing_portal.configuration',
    is_default: isDefault,
    active: true,
    business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
    features: {
      subscription_cancel: {
        enabled: true,
        mode: 'immediately',
        proration_behavior: 'none',
        cancellation_reason: { enabled: false, options: [] },
      },
      subscription_pause: { enabled: false },
    },
  };
}

/** Stripe's form encoding of an update read back onto the configuration (`a[b][c]`, `a[b][0]`). */
function updatePortal(configuration: PortalConfiguration, form: Record<string, string>) {
  const lists = new Map<string, string[]>();
  for (const [key, value] of Object.entries(form)) {
    const path = key.split(/\]\[|\[|\]/).filter(Boolean);
    const last = path[path.length - 1] ?? '';
    if (/^\d+$/.test(last)) {
      const listKey = path.slice(0, -1).join('.');
      lists.set(listKey, [...(lists.get(listKey) ?? []), value]);
      continue;
    }
    let target: Record<string, unknown> = configuration as unknown as Record<string, unknown>;
    for (const part of path.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[last] = value === 'true' ? true : value === 'false' ? false : value;
  }
  for (const [listKey, values] of lists) {
    const parts = listKey.split('.');
    let target: Record<string, unknown> = configuration as unknown as Record<string, unknown>;
    for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
    target[parts[parts.length - 1] ?? ''] = values;
  }
}

const list = (url: string, data: unknown[]) => ({ object: 'list', url, has_more: false, data });

export async function startStripeStub(keys: string[]): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const coupons = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, Record<string, unknown>>();
  const webhookEndpoints: Record<string, unknown>[] = [];
  const portalConfigurations: PortalConfiguration[] = [];
  const accepted = new Set(keys);
  const failures: PendingFailure[] = [];
  /** Idempotency key → the parameters it was first used with and the answer given. */
  const replays = new Map<string, { form: string; status: number; body: unknown }>();

  function answer(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    const [route = '', query = ''] = path.split('?');
    const couponPath = /^\/v1\/coupons\/([^/]+)$/.exec(route);
    if (method === 'POST' && route === '/v1/coupons') {
      const id = form.id ?? `coupon_stub_${coupons.size + 1}`;
      if (coupons.has(id)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              message: 'Coupon already exists.',
            },
          },
        };
      }
      const coupon = couponFrom({ ...form, id });
      coupons.set(id, coupon);
      return { status: 200, body: coupon };
    }
    if (couponPath) {
      const id = decodeURIComponent(couponPath[1] ?? '');
      const coupon = coupons.get(id);
      if (!coupon) return missing('coupon', id);
      if (method === 'GET') return { status: 200, body: coupon };
      if (method === 'DELETE') {
        coupons.delete(id);
        return { status: 200, body: { id, object: 'coupon', deleted: true } };
      }
    }
    if (method === 'GET' && route === '/v1/coupons')
      return { status: 200, body: list(route, [...coupons.values()]) };
    const pricePath = /^\/v1\/prices\/([^/]+)$/.exec(route);
    if (method === 'POST' && route === '/v1/prices') {
      const price = {
        id: `price_stub_${prices.size + 1}`,
        object: 'price',
        active: true,
        lookup_key: form.lookup_key ?? null,
        unit_amount: numberOrNull(form.unit_amount),
        currency: form.currency,
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === 'GET' && route === '/v1/prices') {
      const params = new URLSearchParams(query);
      const keys = [...params.entries()].filter(([k]) => k.startsWith('lookup_keys')).map(([, v]) => v);
      const active = params.get('active');
      const found = [...prices.values()].filter(
        (p) =>
          (keys.length === 0 || keys.includes(String(p.lookup_key))) &&
          (active === null || String(p.active) === active),
      );
      return { status: 200, body: list(route, found) };
    }
    if (method === 'POST' && pricePath) {
      const id = decodeURIComponent(pricePath[1] ?? '');
      const price = prices.get(id);
      if (!price) return missing('price', id);
      if (form.active !== undefined) price.active = form.active === 'true';
      return { status: 200, body: price };
    }
    if (method === 'GET' && route === '/v1/webhook_endpoints') {
      return { status: 200, body: list(route, webhookEndpoints) };
    }
    if (method === 'GET' && route === '/v1/billing_portal/configurations') {
      const isDefault = new URLSearchParams(query).get('is_default');
      const found = portalConfigurations.filter(
        (c) => isDefault === null || String(c.is_default) === isDefault,
      );
      return { status: 200, body: list(route, found) };
    }
    const portalPath = /^\/v1\/billing_portal\/configurations\/([^/]+)$/.exec(route);
    if (method === 'POST' && portalPath) {
      const id = decodeURIComponent(portalPath[1] ?? '');
      const configuration = portalConfigurations.find((c) => c.id === id);
      if (!configuration) return missing('billing_portal.configuration', id);
      updatePortal(configuration, form);
      return { status: 200, body: configuration };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No stub for ${method} ${route}?${query}` } },
    };
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const method = req.method ?? '';
      const path = req.url ?? '';
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method, path, headers: req.headers, form });
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!accepted.has(key)) {
        send(res, 401, {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${key.slice(0, 8)}***`,
          },
        });
        return;
      }
      const pending = failures.find((f) => f.method === method && f.path.test(path) && f.times > 0);
      if (pending) pending.times -= 1;
      if (pending && pending.failure !== 'lose-answer') {
        send(res, pending.failure.status, { error: pending.failure.error });
        return;
      }
      const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const replay = typeof idempotencyKey === 'string' ? replays.get(idempotencyKey) : undefined;
      let result: { status: number; body: unknown };
      if (replay && replay.form !== raw) {
        result = {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          },
        };
      } else if (replay) {
        res.setHeader('idempotent-replayed', 'true');
        result = replay;
      } else {
        result = answer(method, path, form);
        if (typeof idempotencyKey === 'string') replays.set(idempotencyKey, { form: raw, ...result });
      }
      // The change is made, and the answer never arrives: the client cannot tell whether it was.
      if (pending?.failure === 'lose-answer') {
        req.socket.destroy();
        return;
      }
      send(res, result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    coupons,
    prices,
    webhookEndpoints,
    portalConfigurations,
    keys: accepted,
    fail(method, path, failure, times = 1) {
      failures.push({ method, path, failure, times });
    },
    reset(keys) {
      requests.length = 0;
      coupons.clear();
      prices.clear();
      webhookEndpoints.length = 0;
      portalConfigurations.length = 0;
      failures.length = 0;
      replays.clear();
      accepted.clear();
      for (const k of keys) accepted.add(k);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
