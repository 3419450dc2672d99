// A fake fetch answering the trainer API's paths from a table, recording every request it saw.
import { vi } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import type { FlowDependencies } from '../../../src/flows/flow-dependencies.ts';

export type Route = (
  request: Request,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

export function fakeApi(routes: Record<string, Route>) {
  const requests: { method: string; url: URL; token: string | null; body: unknown }[] = [];
  const fetch = (async (request: Request) => {
    const url = new URL(request.url);
    const text = request.body ? await request.text() : '';
    requests.push({
      method: request.method,
      url,
      token: request.headers.get('token'),
      body: text ? JSON.parse(text) : undefined,
    });
    const route = routes[`${request.method} ${url.pathname}`];
    const { status, body } = route
      ? await route(
          new Request(request.url, {
            method: request.method,
            headers: request.headers,
            body: text || undefined,
          }),
        )
      : { status: 404, body: { success: false, message: 'Not found' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

export class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export function effects() {
  return {
    storage: new MemoryStorage(),
    navigate: vi.fn<(path: string) => void>(),
    redirect: vi.fn<(url: string) => void>(),
    analytics: { send: vi.fn() },
    engagement: { identify: vi.fn(), track: vi.fn(), stop: vi.fn() },
    resetStore: vi.fn(),
    clearSelectedOrder: vi.fn(),
    contactSupport: vi.fn(),
  };
}

export function dependencies(fetch: typeof globalThis.fetch, token: string | null = null): FlowDependencies {
  const options = { trainerId: 'trainer-1', baseUrl: 'http://site.test', fetch };
  return {
    ...effects(),
    api: createApiClient({ ...options, getToken: () => token }),
  };
}
