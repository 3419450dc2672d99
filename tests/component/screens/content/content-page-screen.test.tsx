import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema.d.ts';
import { contractHttp } from '../../../contract-http.ts';
import { renderApp } from '../../render-app.tsx';
import { server } from '../../server.ts';

type ContentPage = components['schemas']['ContentPage'];

const block = (key: string, style: string, text: string) => ({
  _type: 'block',
  _key: key,
  style,
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}s`, text, marks: [] }],
});

/** Serves one page, in whichever language it is asked for, with the given name and body. */
function servePage(page: ContentPage) {
  server.use(
    contractHttp.get('/api/content/pages/{slug}', () => HttpResponse.json({ success: true as const, page })),
  );
}

/** Every heading in the page's main content, in document order. */
const headings = () =>
  screen.getAllByRole('heading').map((h) => `${h.tagName.toLowerCase()} ${h.textContent?.trim()}`);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('content page', () => {
  it('renders the body as Portable Text, so markup in the CMS stays text', async () => {
    await renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('<b>We keep your data safe.</b>')).toBeTruthy();
    expect(document.querySelector('main b')).toBeNull();
  });

  it('shows the page name once when the body opens with it as a heading (trimmed, any case)', async () => {
    servePage({
      slug: 'about',
      pageName: 'About Coach Rivera',
      body: [block('a', 'h2', '  about COACH rivera '), block('b', 'normal', 'Ten years of coaching.')],
    });
    await renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Coach Rivera' })).toBeTruthy();
    expect(screen.getByText('Ten years of coaching.')).toBeTruthy();
    expect(screen.queryAllByText(/about coach rivera/i)).toHaveLength(1);
  });

  it('keeps a first heading that says something else, and a later one that repeats the name', async () => {
    servePage({
      slug: 'support',
      pageName: 'Support',
      body: [
        block('a', 'h2', 'How can we help?'),
        block('b', 'normal', 'Write to us.'),
        block('c', 'h3', 'Support'),
      ],
    });
    await renderApp('/support');
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    expect(headings().filter((h) => /help|support/i.test(h))).toEqual([
      'h1 Support',
      'h2 How can we help?',
      'h3 Support',
    ]);
  });

  it('keeps a first paragraph that happens to read as the name: only a heading repeats it', async () => {
    servePage({ slug: 'terms', pageName: 'Terms', body: [block('a', 'normal', 'Terms')] });
    await renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms' });
    expect(screen.getAllByText('Terms').map((e) => e.tagName)).toEqual(['H1', 'P']);
  });

  it('compares in the page language: a Spanish heading repeating the Spanish name goes', async () => {
    servePage({
      slug: 'about',
      pageName: 'Sobre Coach Rivera',
      body: [block('a', 'h2', 'SOBRE COACH RIVERA'), block('b', 'normal', 'Diez años entrenando.')],
    });
    await renderApp('/about', { locale: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobre Coach Rivera' })).toBeTruthy();
    expect(screen.getByText('Diez años entrenando.')).toBeTruthy();
    expect(screen.queryAllByText(/sobre coach rivera/i)).toHaveLength(1);
  });

  it('says so when there is no such page, on a page of its own with a heading and a way home', async () => {
    const { router } = await renderApp('/no-such-page');
    expect(await screen.findByText('We could not find this page.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('names a missing page in Spanish too', async () => {
    await renderApp('/no-existe', { locale: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
  });

  it("shows the server's message when the CMS fails, and the site still renders", async () => {
    server.use(
      contractHttp.get('/api/content/pages/{slug}', () =>
        HttpResponse.json({ success: false, message: 'The CMS answered 500: down' }, { status: 502 }),
      ),
    );
    await renderApp('/about');
    expect(
      await screen.findByText('This page cannot be shown right now: The CMS answered 500: down'),
    ).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});
