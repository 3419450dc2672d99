// Manage My Subscription where the member pays tax (decision 173): the next charge is the total, and
// the line under it says how the tax makes it up; without tax, nothing is said of it. Figures by hand.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';
import { subscription, subscriptionPageServer, userHandler, withPurchases } from './profile.fixtures.ts';

subscriptionPageServer();

const subscriber = withPurchases(member(), { subscriptions: [subscription()] });

describe('Manage My Subscription, where the member pays tax (decision 173)', () => {
  it('states the next charge as the total and how the tax makes it up', async () => {
    // Exclusive 21 %: 2999 + round(2999 × 0.21 = 629.79) = 2999 + 630 = 3629.
    const taxed = withPurchases(member(), {
      subscriptions: [
        subscription({
          next_charge: {
            amount: 3629,
            currency: 'usd',
            date: '2026-03-05T12:00:00Z',
            tax: { net: 2999, amount: 630, mode: 'exclusive', country: 'ES', rate_basis_points: 2100 },
          },
        }),
      ],
    });
    server.use(userHandler(taxed).handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    expect((await screen.findByTestId('next-charge')).textContent).toBe(
      'Next charge: $36.29 on March 5, 2026',
    );
    expect(screen.getByTestId('next-charge-tax').textContent).toBe('$29.99 plus $6.30 tax (ES, 21 %)');
  });

  it('in Spanish, an inclusive price says the tax it holds', async () => {
    // Inclusive 19 %: 2999 × 19 / 119 = 478.83 → 479 of the 2999.
    const taxed = withPurchases(member(), {
      subscriptions: [
        subscription({
          next_charge: {
            amount: 2999,
            currency: 'usd',
            date: '2026-03-05T12:00:00Z',
            tax: { net: 2520, amount: 479, mode: 'inclusive', country: 'DE', rate_basis_points: 1900 },
          },
        }),
      ],
    });
    server.use(userHandler(taxed).handler);
    await renderApp('/profile/subscription', { session: session(member()), locale: 'es' });
    expect((await screen.findByTestId('next-charge-tax')).textContent).toBe(
      'Incluye $4,79 de impuestos (DE, 19 %)',
    );
  });

  it('without tax, says nothing of it', async () => {
    server.use(userHandler(subscriber).handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    expect(await screen.findByText('Online Coaching: Monthly')).toBeTruthy();
    expect(screen.queryByTestId('next-charge-tax')).toBeNull();
  });
});
