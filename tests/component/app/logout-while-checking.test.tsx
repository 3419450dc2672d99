// Logout pressed while the session still checks the stored member with the server (the page already
// shows the stored copy) is carried out once the check is answered, not dropped.
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

it('a logout pressed during the check of the stored member signs the member out once it is answered', async () => {
  let answer = () => {};
  const checked = new Promise<void>((resolve) => {
    answer = resolve;
  });
  let loggedOut = 0;
  server.use(
    contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(PRODUCTS)),
    contractHttp.get('/api/content/settings', () =>
      HttpResponse.json({ success: true as const, settings: SETTINGS }),
    ),
    contractHttp.get('/api/user', async () => {
      await checked;
      return HttpResponse.json({ success: true as const, user: member() });
    }),
    contractHttp.post('/api/user/logout', () => {
      loggedOut += 1;
      return HttpResponse.json({ success: true as const, message: 'Signed out' });
    }),
  );
  localStorage.setItem('pcc-user', JSON.stringify(member()));
  const { router } = await renderWithFlows('/profile');
  fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

  answer();
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(loggedOut).toBe(1);
  expect(localStorage.getItem('pcc-user')).toBeNull();
});
