import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';
import { errorResponse } from './profile.fixtures.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function passwordHandler(
  respond: () => Response = () =>
    HttpResponse.json({ success: true as const, message: 'Your password has been changed' }),
) {
  const sent: unknown[] = [];
  const handler = contractHttp.put('/api/user/{userID}/password', async ({ request, params }) => {
    sent.push({ userID: params.userID, body: await request.json() });
    return respond();
  });
  return { handler, sent };
}

const fill = async (oldPassword: string, newPassword: string) => {
  fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: newPassword } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('Change Password', () => {
  it('sends the old and new password and says that other devices were signed out', async () => {
    const change = passwordHandler();
    server.use(change.handler);
    await renderApp('/profile/password', { session: session(member()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeTruthy();
    await fill('old-secret-1', 'new-secret-2');
    expect(
      await screen.findByText(
        'Your password has been changed. You have been signed out on your other devices.',
      ),
    ).toBeTruthy();
    expect(change.sent).toEqual([
      {
        userID: 'u1',
        body: { oldPassword: 'old-secret-1', newPassword: 'new-secret-2', trainerID: 'demo-trainer' },
      },
    ]);
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's error", async () => {
    server.use(passwordHandler(() => errorResponse(403, 'The current password is incorrect')).handler);
    await renderApp('/profile/password', { session: session(member()) });
    await fill('wrong-password', 'new-secret-2');
    expect((await screen.findByRole('alert')).textContent).toBe('The current password is incorrect');
  });

  it('validates both passwords before calling the server', async () => {
    const change = passwordHandler();
    server.use(change.handler);
    await renderApp('/profile/password', { session: session(member()) });
    await fill('', 'short');
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    for (const label of ['Current password', 'New password']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    await fill('same-password', 'same-password');
    expect(await screen.findByText('The new password must be different from the current one')).toBeTruthy();
    expect(change.sent).toEqual([]);
  });

  it('is in Spanish for a Spanish visitor', async () => {
    server.use(passwordHandler().handler);
    await renderApp('/profile/password', { session: session(member()), locale: 'es' });
    fireEvent.change(await screen.findByLabelText('Contraseña actual'), {
      target: { value: 'old-secret-1' },
    });
    fireEvent.change(screen.getByLabelText('Contraseña nueva'), { target: { value: 'new-secret-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText(/Se ha cerrado la sesión en tus otros dispositivos/)).toBeTruthy();
  });
});
