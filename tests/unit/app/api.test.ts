import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../src/api/client.ts';
import { createSessionClient } from '../../../src/api/session-client.ts';
import { STORED_USER_KEY } from '../../../src/lib/stored-user.ts';
import { contractHttp } from '../../contract-http.ts';
import { user } from '../../machine/fixtures.ts';
import { MemoryStorage } from '../flows/fake-api.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(stored: string | null) {
  const storage = new MemoryStorage();
  if (stored) storage.setItem(STORED_USER_KEY, stored);
  const tokens: (string | null)[] = [];
  server.use(
    contractHttp.get(
      '/api/user',
      ({ request }) => {
        tokens.push(request.headers.get('token'));
        return HttpResponse.json({ success: false, message: 'Session revoked' }, { status: 401 });
      },
      'http://site.test',
    ),
  );
  return { tokens, ...createSessionClient({ trainerId: 't', baseUrl: 'http://site.test', storage }) };
}

describe("the app's one API client", () => {
  it("sends the stored member's token until the session connects, then the session's", async () => {
    const { api, connectSession, tokens } = client(JSON.stringify(user({ token: 'stored' })));
    await call(api.GET('/api/user'));
    connectSession({ token: () => 'live', unauthorized: () => {} });
    await call(api.GET('/api/user'));
    expect(tokens).toEqual(['stored', 'live']);
  });

  it('sends no token when nothing, or something unreadable, is stored', async () => {
    const { api, tokens } = client('{not json');
    await call(api.GET('/api/user'));
    expect(tokens).toEqual([null]);
  });

  it("reports a 401 to the session's token, and not one to another token (an emailed link's)", async () => {
    const { api, connectSession } = client(null);
    const unauthorized = vi.fn();
    connectSession({ token: () => 'live', unauthorized });
    await call(api.GET('/api/user', { headers: { token: 'link' } }));
    expect(unauthorized).not.toHaveBeenCalled();
    await call(api.GET('/api/user'));
    expect(unauthorized).toHaveBeenCalledOnce();
  });
});
