import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import defaultAvatar from '../../../../src/assets/default-avatar.svg';
import { subscription, withPurchases } from '../../profile/profile.fixtures.ts';
import { member, renderApp, SETTINGS, session } from '../../render-app.tsx';
import { server } from '../../server.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const nav = () => within(screen.getByRole('banner'));

describe('top navigation bar', () => {
  it('shows the site name, leading to Home', async () => {
    const { router } = await renderApp('/privacy');
    fireEvent.click(nav().getByRole('link', { name: /Coach Test/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers a visitor Login and Signup, which open the modal of that type', async () => {
    const spy = session();
    await renderApp('/', { session: spy });
    fireEvent.click(nav().getByRole('button', { name: 'Login' }));
    fireEvent.click(nav().getByRole('button', { name: 'Signup' }));
    expect(spy.calls.openAuthModal).toEqual(['login', 'signup']);
  });

  it('starts loading the modal when a control that opens it is touched or focused, before the click', async () => {
    const spy = session();
    await renderApp('/', { session: spy });
    fireEvent.pointerDown(nav().getByRole('button', { name: 'Signup' }));
    fireEvent.focus(nav().getByRole('button', { name: 'Login' }));
    expect(spy.calls.prepareAuthModal).toBe(2);
    expect(spy.calls.openAuthModal).toEqual([]);
  });

  it("shows a member's name, leading to Info, and a default avatar without a picture", async () => {
    const { router } = await renderApp('/', { session: session(member()) });
    expect(nav().queryByRole('button', { name: 'Login' })).toBeNull();
    const avatar = nav().getByRole('img', { name: "Ana Member's picture" });
    expect(avatar.getAttribute('src')).toBe(defaultAvatar);
    fireEvent.click(nav().getByRole('link', { name: 'Ana Member' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it("shows the member's own avatar when the profile has one", async () => {
    await renderApp('/', { session: session(member({ image: 'https://img.example/ana.png' })) });
    expect(nav().getByRole('img', { name: "Ana Member's picture" }).getAttribute('src')).toBe(
      'https://img.example/ana.png',
    );
  });

  it('gives a member a menu with Profile and Logout; Logout asks the session to sign out', async () => {
    const spy = session(member());
    await renderApp('/privacy', { session: spy });
    const toggle = nav().getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const menu = within(nav().getByRole('list'));
    expect(menu.getByRole('link', { name: 'Profile' })).toBeTruthy();
    fireEvent.click(menu.getByRole('button', { name: 'Logout' }));
    expect(spy.calls.logout).toBe(1);
  });

  it('hides Logout from the menu inside the profile area', async () => {
    await renderApp('/profile/password', { session: session(member()) });
    fireEvent.click(nav().getByRole('button', { name: 'Menu' }));
    const menu = within(nav().getByRole('list'));
    expect(menu.getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(menu.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});

describe('promo banner', () => {
  it("shows its title and a 'Go' button by default, which starts the signup", async () => {
    const spy = session();
    await renderApp('/', { session: spy });
    const banner = within(screen.getByTestId('promo-banner'));
    expect(banner.getByText('Spring offer')).toBeTruthy();
    fireEvent.click(banner.getByRole('button', { name: 'Go' }));
    expect(spy.calls.openAuthModal).toEqual(['signup']);
  });

  it('uses the button text from the CMS when set', async () => {
    await renderApp('/', {
      settings: { ...SETTINGS, banner: { ...SETTINGS.banner, bannerButtonText: 'Claim it' } },
    });
    expect(within(screen.getByTestId('promo-banner')).getByRole('button', { name: 'Claim it' })).toBeTruthy();
  });

  it('is hidden outside its dates', async () => {
    await renderApp('/', {
      settings: {
        ...SETTINGS,
        banner: { ...SETTINGS.banner, promoStartDate: '2020-01-01', promoEndDate: '2020-02-01' },
      },
    });
    expect(screen.queryByTestId('promo-banner')).toBeNull();
  });

  it('shows by its dates alone, to a member without a plan and to one who subscribes (spec 1)', async () => {
    await renderApp('/', { session: session(member()) });
    expect(screen.getByTestId('promo-banner')).toBeTruthy();
    cleanup();
    const active = subscription({ status: 'active', current_period_end: '2099-01-01T00:00:00Z' });
    await renderApp('/', { session: session(withPurchases(member(), { subscriptions: [active] })) });
    expect(screen.getByRole('banner').textContent).toContain('Coach Test');
    expect(screen.getByTestId('promo-banner')).toBeTruthy();
  });

  it('is hidden without a title', async () => {
    await renderApp('/', { settings: { ...SETTINGS, banner: { ...SETTINGS.banner, bannerTitle: null } } });
    expect(screen.queryByTestId('promo-banner')).toBeNull();
  });
});
