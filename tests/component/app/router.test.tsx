import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noServices } from '../../../src/integrations/integrations.ts';
import { contractHttp } from '../../contract-http.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';
import { apiHandlers, PRODUCTS, renderWithFlows } from '../signup-modal/signup-modal.fixtures.tsx';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const routeName = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  router.state.matches[router.state.matches.length - 1]?.staticData.name;

describe('routes of spec section 2', () => {
  it.each([
    ['/', 'Home'],
    ['/challenge', 'Challenge'],
    ['/challenge/30-day-shred', 'Challenge'],
    ['/challenge/confirmation', 'Challenge Confirmation'],
    ['/challenge/30-day-shred/confirmation', 'Custom Challenge Confirmation'],
    ['/course', 'Course'],
    ['/course/strength-foundations', 'Course'],
    ['/course/strength-foundations/confirmation', 'Custom Course Confirmation'],
    ['/confirmation', 'Confirmation'],
    ['/profile', 'Info'],
    ['/profile/subscription', 'Subscription'],
    ['/profile/password', 'Password'],
    ['/profile/purchases', 'Purchases'],
    ['/privacy', 'Privacy'],
    ['/privacy-policy', 'Privacy'],
    ['/tos', 'Terms'],
    ['/terms-of-use', 'Terms'],
    ['/email-verified', 'Email Verified'],
    ['/reset-password', 'Reset Password'],
    ['/about', 'Content Page'],
    ['/any/other/path', 'Content Page'],
  ])('%s is the %s route', async (path, name) => {
    const { router } = await renderApp(path);
    expect(routeName(router)).toBe(name);
  });
});

describe('navigation bar visibility', () => {
  it.each([
    ['/challenge/30-day-shred'],
    ['/course/strength-foundations'],
    ['/confirmation'],
    ['/challenge/confirmation'],
    ['/challenge/30-day-shred/confirmation'],
  ])('is hidden on %s', async (path) => {
    await renderApp(path);
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it.each([['/'], ['/privacy'], ['/about'], ['/email-verified']])('is shown on %s', async (path) => {
    await renderApp(path);
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});

describe('page titles', () => {
  it.each([
    ['/', 'Home | Coach Test'],
    ['/confirmation', 'Confirmation | Coach Test'],
    ['/profile', 'Profile | Coach Test'],
    ['/email-verified', 'Email Verified | Coach Test'],
    ['/reset-password', 'Coach Test'],
  ])('%s is titled "%s"', async (path, title) => {
    await renderApp(path, { session: session() });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('a content page is titled by its page name', async () => {
    await renderApp('/privacy-policy');
    await waitFor(() => expect(document.title).toBe('Privacy Policy | Coach Test'));
  });

  it('a challenge path sends a page view instead of changing the title', async () => {
    document.title = 'unchanged';
    const sent: [string, unknown][] = [];
    const services = {
      ...noServices,
      analytics: { send: (name: string, params: unknown) => sent.push([name, params]) },
    };
    await renderApp('/challenge/30-day-shred', { services });
    await waitFor(() => expect(sent).toEqual([['page_view', { path: '/challenge/30-day-shred' }]]));
    expect(document.title).toBe('unchanged');
  });
});

describe('pages that need sign-in', () => {
  it.each([['/profile'], ['/email-verified']])(
    '%s opens the login modal for a visitor and keeps the page',
    async (path) => {
      server.use(...apiHandlers(null));
      const { router } = await renderWithFlows(path);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('button', { name: 'Login' })).toBeTruthy();
      expect(screen.getByText('Please log in to see this page.')).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows the profile area to a member', async () => {
    await renderApp('/profile/purchases', { session: session(member()) });
    expect(await screen.findByRole('tab', { name: 'My Purchases', selected: true })).toBeTruthy();
  });

  it.each([['/profile'], ['/email-verified']])(
    '%s signs in with the token from the address and removes it',
    async (path) => {
      const tokens: (string | null)[] = [];
      server.use(
        contractHttp.get('/api/user', ({ request }) => {
          tokens.push(request.headers.get('token'));
          return HttpResponse.json({ success: true as const, user: member() });
        }),
        contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(PRODUCTS)),
      );
      const { router } = await renderWithFlows(`${path}?token=abc123`);
      await waitFor(() => expect(tokens).toContain('abc123'));
      await waitFor(() => expect(router.state.location.search).toEqual({}));
      expect(await screen.findByRole('link', { name: 'Ana Member' })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );
});
