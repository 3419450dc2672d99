// The server writes its messages in the language a call asks for (decision 105): the SPA's one
// client asks for the site's language, so a member who switched the site to Spanish reads the
// server's refusals in Spanish whatever the browser's language.
import { afterEach, expect, it, vi } from 'vitest';
import { call } from '../../../src/api/client.ts';
import { createSessionClient } from '../../../src/api/session-client.ts';
import { chooseLocale, createI18n } from '../../../src/text/i18n.ts';

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
});

function recordingClient() {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: Request) => {
    requests.push(input);
    return Response.json({ success: false, message: 'Ya tienes este plan.' }, { status: 409 });
  });
  const { api } = createSessionClient({
    trainerId: 'trainer-1',
    baseUrl: 'http://x',
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: { getItem: () => null },
  });
  return { api, requests };
}

it('asks for the site’s language on every call, and the one the member switches to', async () => {
  const i18n = await createI18n('en');
  const { api, requests } = recordingClient();
  await call(api.GET('/api/user'));
  expect(requests[0]?.headers.get('accept-language')).toBe('en');

  await chooseLocale(i18n, 'es');
  const refused = await call(
    api.POST('/api/user/startGatewayStripeSession', { body: { prices: ['p1'], route: '/', campaign: null } }),
  );
  expect(requests[1]?.headers.get('accept-language')).toBe('es');
  expect(refused).toMatchObject({ ok: false, status: 409, message: 'Ya tienes este plan.' });
  await call(api.POST('/api/user/login', { body: { email: 'a@b.co', password: 'secret' } }));
  expect(requests[2]?.headers.get('accept-language')).toBe('es');
});
