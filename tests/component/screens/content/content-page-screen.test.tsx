import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../../contract-http.ts';
import { renderApp } from '../../render-app.tsx';
import { server } from '../../server.ts';

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

  it('says so when there is no such page', async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByText('We could not find this page.')).toBeTruthy();
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
