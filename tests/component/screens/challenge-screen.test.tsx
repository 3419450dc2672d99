import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { aOneTimeProduct, someProducts } from '../../factories.ts';
import { renderApp } from '../render-app.tsx';
import { server } from '../server.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function sell(challengeImage: string | null) {
  server.use(
    contractHttp.get('/api/trainer/{trainerID}/products', () =>
      HttpResponse.json(
        someProducts({
          challenges: [
            aOneTimeProduct({
              slug: '30-day-shred',
              name: '30-Day Shred',
              challengeImage,
              challengeHeaderText: 'Join the 30-Day Shred',
              challengeSubText: 'A guided workout every day.',
            }),
          ],
        }),
      ),
    ),
  );
}

describe('challenge page', () => {
  it("shows the product's picture at a set size, named after the product", async () => {
    sell('/demo-images/30-day-shred.0123456789.svg');
    await renderApp('/challenge/30-day-shred');
    await screen.findByRole('heading', { level: 1, name: 'Join the 30-Day Shred' });
    const picture = screen.getByRole('img', { name: '30-Day Shred' });
    expect(picture.getAttribute('src')).toBe('/demo-images/30-day-shred.0123456789.svg');
    // The browser holds the space from these before the file arrives.
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['800', '600']);
    expect(screen.getByText('Challenge')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join now' })).toBeTruthy();
  });

  it('leaves the frame out when the product has no picture', async () => {
    sell(null);
    await renderApp('/challenge/30-day-shred');
    await screen.findByRole('heading', { level: 1, name: 'Join the 30-Day Shred' });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('A guided workout every day.')).toBeTruthy();
  });

  it('names the kind of product in Spanish', async () => {
    sell(null);
    await renderApp('/challenge/30-day-shred', { locale: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Join the 30-Day Shred' });
    expect(screen.getByText('Reto')).toBeTruthy();
  });
});
