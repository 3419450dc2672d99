// A session revoked elsewhere (the password changed on another device) must not leave a member who
// looks signed in and sees errors: the profile's 401 reaches the session, which signs out to Home.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member, SETTINGS } from '../render-app.tsx';
import { server } from '../server.ts';
import { PRODUCTS, renderWithFlows } from '../signup-modal/signup-modal.fixtures.tsx';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

it('a profile screen that gets a 401 signs the member out to Home', async () => {
  let revoked = false;
  let fetches = 0;
  server.use(
    contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(PRODUCTS)),
    // Signing out resets the cached server data; the settings are read again.
    contractHttp.get('/api/content/settings', () =>
      HttpResponse.json({ success: true as const, settings: SETTINGS }),
    ),
    contractHttp.get('/api/user', () => {
      fetches += 1;
      return revoked
        ? HttpResponse.json({ success: false as const, message: 'Session revoked' }, { status: 401 })
        : HttpResponse.json({ success: true as const, user: member() });
    }),
  );
  localStorage.setItem('pcc-user', JSON.stringify(member()));
  const { router } = await renderWithFlows('/profile/purchases');
  expect(await screen.findByRole('heading', { name: 'My Purchases' })).toBeTruthy();
  // The page and the session have both checked the member with the server.
  await waitFor(() => expect(fetches).toBeGreaterThanOrEqual(2));

  revoked = true;
  await router.navigate({ to: '/profile/subscription' });

  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  expect(localStorage.getItem('pcc-user')).toBeNull();
});
