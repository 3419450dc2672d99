import { fireEvent, screen, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';
import {
  browserInTimeZone,
  charge,
  errorResponse,
  JUST_AFTER_MIDNIGHT_UTC,
  subscription,
  userHandler,
  withPurchases,
} from './profile.fixtures.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const paid = withPurchases(member(), {
  charges: [
    charge(),
    charge({
      id: 'ch_2',
      amount: 1500,
      currency: 'eur',
      description: '30-Day Shred',
      created: '2026-02-10T12:00:00Z',
      payment_method: 'Mastercard •••• 4444',
    }),
  ],
});

describe('My Purchases', () => {
  it('shows amount with the currency symbol, name, date in the visitor locale and payment method', async () => {
    server.use(userHandler(paid).handler);
    await renderApp('/profile/purchases', { session: session(member()) });
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
    expect(rows).toEqual([
      ['Amount', 'Subscription', 'Date', 'Payment method'],
      ['$49.99', 'Online Coaching: Monthly', 'January 5, 2026', 'Visa •••• 4242'],
      ['€15', '30-Day Shred', 'February 10, 2026', 'Mastercard •••• 4444'],
    ]);
  });

  it('hands the fresh member to the session', async () => {
    server.use(userHandler(paid).handler);
    const spy = session(member());
    await renderApp('/profile/purchases', { session: spy });
    await screen.findByRole('table');
    expect(spy.calls.userChanged.at(-1)?.customer.charges).toHaveLength(2);
  });

  it("says 'No payments to display' when there are none", async () => {
    server.use(userHandler(member()).handler);
    await renderApp('/profile/purchases', { session: session(member()) });
    expect(await screen.findByText('No payments to display')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('during a free trial keeps that text and says when the first charge comes', async () => {
    const trialing = withPurchases(member(), {
      subscriptions: [
        subscription({
          status: 'trialing',
          trial_end: '2026-02-12T12:00:00Z',
          next_charge: { amount: 2999, currency: 'usd', date: '2026-02-12T12:00:00Z' },
        }),
      ],
    });
    server.use(userHandler(trialing).handler);
    await renderApp('/profile/purchases', { session: session(member()) });
    expect(await screen.findByText('No payments to display')).toBeTruthy();
    expect(screen.getByTestId('trial-running').textContent).toBe(
      'Your free trial is running: the first charge, $29.99, is on February 12, 2026.',
    );
  });

  it('shows that it is loading until the member arrives', async () => {
    server.use(
      contractHttp.get('/api/user', async () => {
        await delay('infinite');
        return errorResponse(500, 'never');
      }),
    );
    await renderApp('/profile/purchases', { session: session(member()) });
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
  });

  it('says why when the member cannot be loaded', async () => {
    server.use(
      contractHttp.get('/api/user', () => errorResponse(503, 'The service is busy, try again shortly')),
    );
    await renderApp('/profile/purchases', { session: session(member()) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load your account: The service is busy, try again shortly',
    );
  });

  it('shows the earlier payments a page at a time from the cursor the view gave, then no more button', async () => {
    const long = { ...paid, customer: { ...paid.customer, charges_cursor: 'after-ch_2' } };
    const asked: (string | null)[] = [];
    server.use(
      userHandler(long).handler,
      contractHttp.get('/api/user/charges', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        asked.push(cursor);
        const older = charge({ id: `ch_${asked.length + 2}`, description: `Older ${asked.length}` });
        return HttpResponse.json({
          success: true as const,
          charges: [older],
          nextCursor: asked.length < 2 ? `after-older-${asked.length}` : null,
        });
      }),
    );
    await renderApp('/profile/purchases', { session: session(member()) });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show earlier payments' }));
    expect(await screen.findByText('Older 1')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Show earlier payments' }));
    expect(await screen.findByText('Older 2')).toBeTruthy();
    expect(asked).toEqual(['after-ch_2', 'after-older-1']);
    expect(screen.queryByRole('button', { name: 'Show earlier payments' })).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });

  it('writes dates the Spanish way for a Spanish visitor', async () => {
    server.use(userHandler(paid).handler);
    await renderApp('/profile/purchases', { session: session(member()), locale: 'es' });
    expect(await screen.findByRole('columnheader', { name: 'Método de pago' })).toBeTruthy();
    expect(screen.getByText('5 de enero de 2026')).toBeTruthy();
  });
});

describe('My Purchases, amounts and dates', () => {
  let undoTimeZone = () => {};
  beforeEach(() => {
    undoTimeZone = browserInTimeZone('America/Los_Angeles');
  });
  afterEach(() => undoTimeZone());

  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td'), (c) => c.textContent).slice(0, 3));

  const annual = withPurchases(member(), {
    charges: [
      charge({ amount: 24999, description: 'Online Coaching: Annual', created: JUST_AFTER_MIDNIGHT_UTC }),
      charge({ id: 'ch_yen', amount: 1000, currency: 'jpy', description: 'Tokyo Camp' }),
    ],
  });

  it('writes the day a charge was made in UTC, yen whole, and says dates are in UTC', async () => {
    server.use(userHandler(annual).handler);
    await renderApp('/profile/purchases', { session: session(member()) });
    expect(rowsOf(await screen.findByRole('table'))).toEqual([
      ['$249.99', 'Online Coaching: Annual', 'March 1, 2026'],
      ['¥1,000', 'Tokyo Camp', 'January 5, 2026'],
    ]);
    expect(screen.getByText('Dates are in UTC.')).toBeTruthy();
  });

  it('in Spanish, writes amounts with the Spanish decimal mark and the day in UTC', async () => {
    server.use(userHandler(annual).handler);
    await renderApp('/profile/purchases', { session: session(member()), locale: 'es' });
    expect(rowsOf(await screen.findByRole('table'))[0]).toEqual([
      '$249,99',
      'Online Coaching: Annual',
      '1 de marzo de 2026',
    ]);
    expect(screen.getByText('Las fechas están en UTC.')).toBeTruthy();
  });

  it("during a free trial, states the first charge's day in UTC and says so", async () => {
    const trialing = withPurchases(member(), {
      subscriptions: [
        subscription({
          status: 'trialing',
          trial_end: JUST_AFTER_MIDNIGHT_UTC,
          next_charge: { amount: 2999, currency: 'usd', date: JUST_AFTER_MIDNIGHT_UTC },
        }),
      ],
    });
    server.use(userHandler(trialing).handler);
    await renderApp('/profile/purchases', { session: session(member()), locale: 'es' });
    expect((await screen.findByTestId('trial-running')).textContent).toContain(
      'el primer cargo, $29,99, será el 1 de marzo de 2026.',
    );
    expect(screen.getByText('Las fechas están en UTC.')).toBeTruthy();
  });
});
