import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ERRORS, call, createApiClient, HTTP_TIMEOUT_MS } from '../../src/api/client.ts';

function recordingFetch(status = 200, body: unknown = { success: true, userToken: 'u' }) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: Request) => {
    requests.push(input);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

describe('API client', () => {
  it('adds gateway=true and the trainer id on login', async () => {
    const { fetch, requests } = recordingFetch();
    const api = createApiClient({ trainerId: 'trainer-1', getToken: () => null, baseUrl: 'http://x', fetch });
    const result = await call(api.POST('/api/user/login', { body: { email: 'a@b.co', password: 'secret' } }));
    expect(result).toEqual({ ok: true, status: 200, data: { success: true, userToken: 'u' } });
    const [request] = requests;
    expect(new URL(request?.url ?? '').searchParams.get('gateway')).toBe('true');
    expect(await request?.json()).toEqual({ email: 'a@b.co', password: 'secret', trainerID: 'trainer-1' });
    expect(request?.headers.has('token')).toBe(false);
  });

  it('sends the token header and no gateway flag where the contract has none', async () => {
    const { fetch, requests } = recordingFetch(201, { success: true, url: 'http://pay' });
    const api = createApiClient({ trainerId: 't', getToken: () => 'tok', baseUrl: 'http://x', fetch });
    await call(
      api.POST('/api/user/startGatewayStripeSession', {
        params: { query: { coupon: 'SAVE' } },
        body: { prices: ['p1'], route: '/', campaign: null },
      }),
    );
    const url = new URL(requests[0]?.url ?? '');
    expect(url.searchParams.has('gateway')).toBe(false);
    expect(url.searchParams.get('coupon')).toBe('SAVE');
    expect(requests[0]?.headers.get('token')).toBe('tok');
  });

  it('sends bodies without a trainer id unchanged where the contract has none', async () => {
    const { fetch, requests } = recordingFetch(200, { success: true, user: {} });
    const api = createApiClient({
      trainerId: 'trainer-1',
      getToken: () => 'tok',
      baseUrl: 'http://x',
      fetch,
    });
    await call(
      api.PUT('/api/user/{userID}', {
        params: { path: { userID: 'u1' } },
        body: { user: { email_verified: true } },
      }),
    );
    await call(api.POST('/api/user/reset-password', { body: { token: 't', password: 'new password' } }));
    expect(await requests[0]?.json()).toEqual({ user: { email_verified: true } });
    expect(await requests[1]?.json()).toEqual({ token: 't', password: 'new password' });
  });

  it("surfaces the server's message and reports a 401 on an authenticated call", async () => {
    const { fetch } = recordingFetch(401, { success: false, message: 'Session expired' });
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      trainerId: 't',
      getToken: () => 'tok',
      onUnauthorized,
      baseUrl: 'http://x',
      fetch,
    });
    // The server's answer stays whole beside its message: a refusal may say more (a reason, a date).
    expect(await call(api.GET('/api/user'))).toEqual({
      ok: false,
      status: 401,
      message: 'Session expired',
      body: { success: false, message: 'Session expired' },
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not treat a wrong password at login as a lost session', async () => {
    const { fetch } = recordingFetch(401, { success: false, message: 'Invalid email or password' });
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      trainerId: 't',
      getToken: () => null,
      onUnauthorized,
      baseUrl: 'http://x',
      fetch,
    });
    const result = await call(api.POST('/api/user/login', { body: { email: 'a@b.co', password: 'nope' } }));
    expect(result).toMatchObject({ ok: false, status: 401, message: 'Invalid email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports network errors and timeouts generically', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const api = createApiClient({
      trainerId: 't',
      getToken: () => null,
      baseUrl: 'http://x',
      fetch: failing,
    });
    expect(await call(api.GET('/api/health'))).toEqual({
      ok: false,
      status: 0,
      message: CLIENT_ERRORS.network,
    });

    const hanging = ((request: Request) =>
      new Promise((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      )) as unknown as typeof globalThis.fetch;
    const slow = createApiClient({
      trainerId: 't',
      getToken: () => null,
      baseUrl: 'http://x',
      fetch: hanging,
      timeoutMs: 20,
    });
    expect(await call(slow.GET('/api/health'))).toEqual({
      ok: false,
      status: 0,
      message: CLIENT_ERRORS.timeout,
    });
    expect(HTTP_TIMEOUT_MS).toBe(120_000);
  });
});
