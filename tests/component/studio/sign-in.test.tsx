import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';
import { OWNER, renderStudio, signedIn } from './render-studio.tsx';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the studio without a session', () => {
  it('shows the sign-in page, with the emailed link when the browser has no passkeys', async () => {
    server.use(signedIn(null));
    const { router } = await renderStudio('/studio/members');
    expect(await screen.findByRole('heading', { name: 'Sign in to the studio' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/studio/sign-in');
    // jsdom has no WebAuthn: the page says so and offers the link only.
    expect(screen.getByText(/This browser cannot use passkeys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('asks for a link and says the same whoever the address belongs to', async () => {
    let asked: unknown;
    server.use(
      signedIn(null),
      contractHttp.post('/api/studio/sign-in/link', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ success: true as const, message: 'Sent.' }, { status: 202 });
      }),
    );
    await renderStudio('/studio/sign-in');
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: 'olga@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(/If olga@example.com belongs to the studio's staff/)).toBeTruthy();
    expect(asked).toEqual({ email: 'olga@example.com' });
  });

  it('says too many attempts in the server’s words', async () => {
    server.use(
      signedIn(null),
      contractHttp.post('/api/studio/sign-in/link', () =>
        HttpResponse.json(
          { success: false as const, message: 'Too many attempts: try again in 15 minutes.' },
          { status: 429 },
        ),
      ),
    );
    await renderStudio('/studio/sign-in');
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: 'olga@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts');
    expect(alert.textContent).toContain('try again in 15 minutes');
  });

  it('refuses an address that is not one before asking the server', async () => {
    server.use(signedIn(null));
    await renderStudio('/studio/sign-in');
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'olga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(/Type your email address/)).toBeTruthy();
  });
});

describe("an emailed link's page", () => {
  it('signs in with a good link and opens the figures', async () => {
    let me = false;
    server.use(
      contractHttp.get('/api/studio/me', () =>
        me
          ? HttpResponse.json({ success: true as const, staff: OWNER })
          : HttpResponse.json({ success: false as const, message: 'Sign in.' }, { status: 401 }),
      ),
      contractHttp.post('/api/studio/sign-in/link/verify', () => {
        me = true;
        return HttpResponse.json({ success: true as const, staff: OWNER });
      }),
      contractHttp.get('/api/studio/metrics', () =>
        HttpResponse.json({ success: false as const, message: 'later' }, { status: 503 }),
      ),
    );
    const { router } = await renderStudio('/studio/sign-in?token=good');
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio'));
    expect(await screen.findByRole('heading', { name: 'Figures', level: 1 })).toBeTruthy();
  });

  it('says a used or expired link no longer works, and leads to the sign-in page', async () => {
    server.use(
      signedIn(null),
      contractHttp.post('/api/studio/sign-in/link/verify', () =>
        HttpResponse.json({ success: false as const, message: 'This link has expired.' }, { status: 400 }),
      ),
    );
    await renderStudio('/studio/sign-in?token=old');
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(await screen.findByRole('button', { name: 'Email me a link' })).toBeTruthy();
  });
});

describe("an invite's page", () => {
  it('names the site, the role and the address, and asks for a name', async () => {
    server.use(
      contractHttp.get('/api/studio/invites/{token}', () =>
        HttpResponse.json({
          success: true as const,
          invite: {
            email: 'carl@example.com',
            role: 'coach' as const,
            trainerName: 'Fit with Ana',
            expiresAt: '2026-12-05T10:00:00.000Z',
          },
        }),
      ),
    );
    await renderStudio('/studio/invite?token=inv');
    expect(
      await screen.findByText(
        "You are invited to Fit with Ana's studio as coach, with the address carl@example.com.",
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText(/Your name/)).toBeTruthy();
  });

  it('says an expired invitation cannot be used', async () => {
    server.use(
      contractHttp.get('/api/studio/invites/{token}', () =>
        HttpResponse.json(
          { success: false as const, message: 'This invitation has expired.' },
          { status: 404 },
        ),
      ),
    );
    await renderStudio('/studio/invite?token=old');
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
  });
});
