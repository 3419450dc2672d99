import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { aOneTimePlan, aOneTimeProduct, someProducts } from '../../factories.ts';
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

  it("states the catalogue's price beside the button, and what is included", async () => {
    server.use(
      contractHttp.get('/api/trainer/{trainerID}/products', () =>
        HttpResponse.json(
          someProducts({
            challenges: [
              aOneTimeProduct({
                slug: '30-day-shred',
                name: '30-Day Shred',
                description: 'Thirty days of guided workouts.',
                challengeImage: null,
                plans: [aOneTimePlan({ id: 'shred', amount: 4900 })],
              }),
            ],
          }),
        ),
      ),
    );
    await renderApp('/challenge/30-day-shred');
    // 4900 cents is $49, the catalogue's one price: no "From".
    expect((await screen.findByTestId('offer-price')).textContent).toBe('$49 · one-time payment');
    const included = screen.getByRole('region', { name: 'What is included' });
    // The catalogue's description has one language; the page never mixes it into another's.
    expect(included.textContent).not.toContain('Thirty days of guided workouts.');
    expect(included.textContent).toContain('One payment, no subscription');
    expect(screen.queryAllByTestId('offer-option')).toEqual([]);
  });

  it('says "From" the cheapest of a course\'s plans, and lists each with its price, in Spanish too', async () => {
    const course = (lang: 'en' | 'es') =>
      someProducts({
        courses: [
          aOneTimeProduct({
            slug: 'strength-foundations',
            name: 'Strength Foundations',
            metadata: { typeProduct: 'course' },
            challengeImage: null,
            plans: [
              aOneTimePlan({
                id: 'coached',
                nickname: lang === 'en' ? 'Coached' : 'Con coach',
                amount: 14900,
              }),
              aOneTimePlan({
                id: 'self',
                nickname: lang === 'en' ? 'Self-paced' : 'A tu ritmo',
                amount: 9900,
              }),
            ],
          }),
        ],
      });
    server.use(
      contractHttp.get('/api/trainer/{trainerID}/products', ({ request }) =>
        HttpResponse.json(course(new URL(request.url).searchParams.get('lang') === 'es' ? 'es' : 'en')),
      ),
    );
    const { unmount } = await renderApp('/course/strength-foundations');
    expect((await screen.findByTestId('offer-price')).textContent).toBe('From $99 · one-time payment');
    expect(screen.getAllByTestId('offer-option').map((item) => item.textContent)).toEqual([
      'Self-paced: $99',
      'Coached: $149',
    ]);
    unmount();
    await renderApp('/course/strength-foundations', { locale: 'es' });
    expect((await screen.findByTestId('offer-price')).textContent).toBe('Desde $99 · pago único');
    expect(screen.getAllByTestId('offer-option').map((item) => item.textContent)).toEqual([
      'A tu ritmo: $99',
      'Con coach: $149',
    ]);
  });
});
