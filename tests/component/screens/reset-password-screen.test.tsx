import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { renderApp } from '../render-app.tsx';
import { server } from '../server.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('reset password', () => {
  it("sends the link's token with the new password, then takes the used token out of the address", async () => {
    const sent: unknown[] = [];
    server.use(
      contractHttp.post('/api/user/reset-password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true as const, message: 'Password changed' });
      }),
    );
    const { router } = await renderApp('/reset-password?token=link-token');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'a-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password has been changed. You can now log in.')).toBeTruthy();
    expect(sent).toEqual([{ token: 'link-token', password: 'a-new-password' }]);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByText(/This reset link is incomplete/)).toBeNull();
  });
});
