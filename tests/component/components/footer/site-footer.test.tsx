import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../../src/text/i18n.ts';
import { renderApp, SETTINGS } from '../../render-app.tsx';
import { server } from '../../server.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const footer = () => within(screen.getByRole('contentinfo'));

describe('footer', () => {
  it('is not shown before the settings are loaded (the CMS failed)', async () => {
    await renderApp('/', { settings: null });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('is hidden when the settings turn it off', async () => {
    await renderApp('/', { settings: { ...SETTINGS, showFooter: false } });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('links only the social networks that are set', async () => {
    await renderApp('/');
    expect(footer().getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.example/coach',
    );
    expect(footer().getByRole('link', { name: 'YouTube' })).toBeTruthy();
    expect(footer().queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(footer().queryByRole('link', { name: 'Twitter' })).toBeNull();
  });

  it('shows the partnership line, privacy and terms links and the copyright', async () => {
    await renderApp('/');
    expect(footer().getByText('Coach Test in partnership with Trainer Platform')).toBeTruthy();
    expect(footer().getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(footer().getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/tos');
    expect(footer().getByText(`© ${new Date().getFullYear()} Coach Test. All rights reserved.`)).toBeTruthy();
  });

  it('links support by mailto from supportEmail', async () => {
    await renderApp('/');
    expect(footer().getByRole('link', { name: 'Support' }).getAttribute('href')).toBe(
      'mailto:help@coach.example',
    );
  });

  it('falls back to the translated support link without supportEmail', async () => {
    await renderApp('/', { settings: { ...SETTINGS, supportEmail: null }, locale: 'es' });
    expect(footer().getByRole('link', { name: 'Contactar con soporte' }).getAttribute('href')).toBe(
      '/support',
    );
  });

  it('switches the language and keeps the choice', async () => {
    await renderApp('/');
    fireEvent.click(footer().getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Registrarse' })).toBeTruthy());
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(footer().getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
  });
});
