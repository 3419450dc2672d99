import { act, fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONFIRMATION_MAX_ATTEMPTS,
  CONFIRMATION_POLL_INTERVAL_MS,
} from '../../../machines/confirmation/confirmation.machine.ts';
import { contractHttp } from '../../contract-http.ts';
import {
  aOneTimePlan,
  aOneTimeProduct,
  aSubscriptionProduct,
  type OneTimeProduct,
  someProducts,
} from '../../factories.ts';
import {
  browserInTimeZone,
  charge,
  JUST_AFTER_MIDNIGHT_UTC,
  MONTHLY_PLAN,
  subscription,
  userHandler,
  withPurchases,
} from '../profile/profile.fixtures.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function oneTime(
  slug: string,
  name: string,
  priceId: string,
  typeProduct: 'challenge' | 'course',
): OneTimeProduct {
  return aOneTimeProduct({
    slug,
    name,
    metadata: { typeProduct },
    plans: [aOneTimePlan({ ...MONTHLY_PLAN, id: priceId, amount: 2900 })],
  });
}

const PRODUCTS = someProducts({
  subscriptions: [
    aSubscriptionProduct({ id: 'prod_coaching', name: 'Online Coaching', plans: [MONTHLY_PLAN] }),
  ],
  challenges: [
    oneTime('30-day-shred', '30-Day Shred', 'price_shred', 'challenge'),
    oneTime('core-blast', 'Core Blast', 'price_core', 'challenge'),
  ],
  courses: [oneTime('strength-foundations', 'Strength Foundations', 'price_strength', 'course')],
});
const productsHandler = contractHttp.get('/api/trainer/{trainerID}/products', () =>
  HttpResponse.json(PRODUCTS),
);

const subscribed = withPurchases(member(), {
  subscriptions: [subscription()],
  charges: [charge()],
});
const boughtShred = withPurchases(member(), {
  charges: [charge({ id: 'ch_shred', priceId: 'price_shred', amount: 2900, description: '30-Day Shred' })],
});

/** Polling runs on timers; the test moves them on instead of waiting. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_INTERVAL_MS));

describe('confirmation pages', () => {
  it('thank the member, show what was bought and the next steps, without the navigation bar', async () => {
    server.use(productsHandler, userHandler(subscribed).handler);
    await renderApp('/confirmation', { session: session(member()) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your subscription is being set up.' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('purchase')).textContent).toBe(
      'Online Coaching: Monthly · $49.99 monthly',
    );
    expect(screen.getByRole('heading', { name: 'Next steps' })).toBeTruthy();
    expect(screen.getByText(/manage it any time from your profile/)).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('poll the member until the purchase recorded by the payment events appears, showing progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userHandler(member(), member(), subscribed);
    server.use(productsHandler, user.handler);
    const spy = session(member());
    await renderApp('/confirmation', { session: spy });
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await nextPoll();
    await nextPoll();
    expect(await screen.findByTestId('purchase')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(user.reads.count).toBe(3);
    expect(spy.calls.userChanged.at(-1)?.customer.subscriptions.data).toHaveLength(1);
    await nextPoll();
    expect(user.reads.count).toBe(3);
  });

  it('stop after a bounded number of reads with a clear message, and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userHandler(member());
    server.use(productsHandler, user.handler);
    await renderApp('/confirmation', { session: session(member()) });
    await screen.findByText('Confirming your payment…');
    for (let i = 0; i < CONFIRMATION_MAX_ATTEMPTS + 3; i++) await nextPoll();
    expect(await screen.findByText('Your payment has not been confirmed yet')).toBeTruthy();
    expect(user.reads.count).toBe(CONFIRMATION_MAX_ATTEMPTS);

    server.use(userHandler(subscribed).handler);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('purchase')).toBeTruthy();
  });

  it('a custom challenge waits for a charge of that challenge, not of another one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const boughtCore = withPurchases(member(), {
      charges: [charge({ id: 'ch_core', priceId: 'price_core', description: 'Core Blast' })],
    });
    const user = userHandler(boughtCore, boughtShred);
    server.use(productsHandler, user.handler);
    await renderApp('/challenge/30-day-shred/confirmation', { session: session(member()) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! You have joined the challenge.' }),
    ).toBeTruthy();
    await screen.findByText('Confirming your payment…');
    await nextPoll();
    expect((await screen.findByTestId('purchase')).textContent).toBe('30-Day Shred · $29');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('the challenge and course confirmations show their own thank-you and next steps', async () => {
    const boughtCourse = withPurchases(member(), {
      charges: [
        charge({ id: 'ch_c', priceId: 'price_strength', amount: 9900, description: 'Strength Foundations' }),
      ],
    });
    server.use(productsHandler, userHandler(boughtCourse).handler);
    await renderApp('/course/strength-foundations/confirmation', { session: session(member()) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! You have joined the course.' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('purchase')).textContent).toBe('Strength Foundations · $99');
    expect(screen.getByText(/Your course is in My library, and its receipt in My Purchases/)).toBeTruthy();
  });

  it('ask a visitor to log in to see the purchase, without thanking anyone', async () => {
    const spy = session();
    await renderApp('/challenge/confirmation', { session: spy });
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(spy.calls.openAuthModal).toEqual(['login']);
    expect(screen.getByRole('heading', { level: 1, name: 'Your purchase' })).toBeTruthy();
    expect(screen.getByText('Log in to see your purchase.')).toBeTruthy();
    expect(screen.queryByText(/Thank you/)).toBeNull();
  });

  it('are in Spanish for a Spanish visitor', async () => {
    server.use(productsHandler, userHandler(subscribed).handler);
    await renderApp('/confirmation', { session: session(member()), locale: 'es' });
    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Gracias! Estamos activando tu suscripción.' }),
    ).toBeTruthy();
    expect((await screen.findByTestId('purchase')).textContent).toBe(
      'Online Coaching: Monthly · $49,99 mensual',
    );
    expect(screen.getByRole('heading', { name: 'Próximos pasos' })).toBeTruthy();
  });

  it.each([
    ['en', 'First charge: $29.99 on March 1, 2026', 'Dates are in UTC.'],
    ['es', 'Primer cargo: $29,99 el 1 de marzo de 2026', 'Las fechas están en UTC.'],
  ] as const)(
    "state a trial's first charge on its day in UTC, and say so, in %s",
    async (locale, first, note) => {
      const undoTimeZone = browserInTimeZone('America/Los_Angeles');
      try {
        const trialing = withPurchases(member(), {
          subscriptions: [
            subscription({
              status: 'trialing',
              trial_end: JUST_AFTER_MIDNIGHT_UTC,
              next_charge: { amount: 2999, currency: 'usd', date: JUST_AFTER_MIDNIGHT_UTC },
            }),
          ],
        });
        server.use(productsHandler, userHandler(trialing).handler);
        await renderApp('/confirmation', { session: session(member()), locale });
        expect((await screen.findByTestId('first-charge')).textContent).toBe(first);
        expect(screen.getByText(note)).toBeTruthy();
      } finally {
        undoTimeZone();
      }
    },
  );
  it.each([
    // Exclusive 21 %: 24999 + round(24999 × 0.21 = 5249.79) = 24999 + 5250 = 30249.
    ['en', 'Next charge: $302.49 on March 1, 2026', '$249.99 plus $52.50 tax (ES, 21 %)'],
    ['es', 'Próximo cargo: $302,49 el 1 de marzo de 2026', '$249,99 más $52,50 de impuestos (ES, 21 %)'],
  ] as const)(
    'state the next charge with its tax where the member pays tax, in %s',
    async (locale, next, tax) => {
      const taxed = withPurchases(member(), {
        subscriptions: [
          subscription({
            next_charge: {
              amount: 30249,
              currency: 'usd',
              date: JUST_AFTER_MIDNIGHT_UTC,
              tax: { net: 24999, amount: 5250, mode: 'exclusive', country: 'ES', rate_basis_points: 2100 },
            },
          }),
        ],
      });
      server.use(productsHandler, userHandler(taxed).handler);
      await renderApp('/confirmation', { session: session(member()), locale });
      expect((await screen.findByTestId('first-charge')).textContent).toBe(next);
      expect(screen.getByTestId('next-charge-tax').textContent).toBe(tax);
    },
  );
});
