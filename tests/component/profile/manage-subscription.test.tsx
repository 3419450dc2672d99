import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';
import {
  browserInTimeZone,
  errorResponse,
  JUST_AFTER_MIDNIGHT_UTC,
  MONTHLY_PLAN,
  subscription,
  subscriptionPageServer,
  userHandler,
  withPurchases,
} from './profile.fixtures.ts';

subscriptionPageServer();

const subscriber = withPurchases(member(), { subscriptions: [subscription()] });

function portalHandler(respond: () => Response) {
  const sent: unknown[] = [];
  const handler = contractHttp.post('/api/user/openGatewayStripePortal', async ({ request }) => {
    sent.push(await request.json());
    return respond();
  });
  return { handler, sent };
}

describe('Manage My Subscription', () => {
  it('without a subscription, says so and offers the plans in the modal', async () => {
    server.use(userHandler(member()).handler);
    const spy = session(member());
    await renderApp('/profile/subscription', { session: spy });
    expect(await screen.findByText('You do not have a subscription yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(spy.calls.openAuthModal).toEqual(['signup']);
  });

  it('for a subscriber, shows the plan, its renewal, the redirect notice and the portal button', async () => {
    server.use(userHandler(subscriber).handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    expect(await screen.findByText('Online Coaching: Monthly')).toBeTruthy();
    expect(screen.getByText('$49.99 monthly · Active')).toBeTruthy();
    expect(screen.getByText('Renews on March 5, 2026')).toBeTruthy();
    expect(screen.getByText(/You will be redirected to our payment provider's portal/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
  });

  it('shows the next charge after the discount, a scheduled plan change and the card', async () => {
    const scheduled = withPurchases(member(), {
      subscriptions: [
        subscription({
          next_charge: { amount: 3999, currency: 'usd', date: '2026-03-05T12:00:00Z' },
          scheduled_plan: { ...subscription().plan, id: 'price_weekly', nickname: 'Weekly' },
          payment_method: 'Visa •••• 4242',
        }),
      ],
    });
    server.use(userHandler(scheduled).handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    expect(await screen.findByText('Next charge: $39.99 on March 5, 2026')).toBeTruthy();
    expect(screen.getByText('Changes to Weekly on March 5, 2026')).toBeTruthy();
    expect(
      screen.getByText('Changed your mind? Keep your current plan and nothing changes at the renewal.'),
    ).toBeTruthy();
    expect(screen.getByText('Paid with Visa •••• 4242')).toBeTruthy();
  });

  it('for a past-due member, says the payment failed and when it is retried, and opens the portal to fix the card', async () => {
    const pastDue = withPurchases(member(), {
      subscriptions: [subscription({ status: 'past_due', next_payment_attempt: '2026-03-08T12:00:00Z' })],
    });
    const portal = portalHandler(() =>
      HttpResponse.json(
        { success: true as const, url: 'http://localhost/sandbox/portal/bps_1' },
        { status: 201 },
      ),
    );
    server.use(userHandler(pastDue).handler, portal.handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    const notice = await screen.findByTestId('past-due');
    expect(notice.textContent).toContain('Your last payment did not go through');
    expect(notice.textContent).toContain('We will try again on March 8, 2026');
    expect(screen.queryByText('You do not have a subscription yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update my card' }));
    await expect.poll(() => portal.sent).toEqual([{ trainerID: 'demo-trainer' }]);
  });

  it('opens the billing portal through the API', async () => {
    const portal = portalHandler(() =>
      HttpResponse.json(
        { success: true as const, url: 'http://localhost/sandbox/portal/bps_1' },
        { status: 201 },
      ),
    );
    server.use(userHandler(subscriber).handler, portal.handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    await expect.poll(() => portal.sent).toEqual([{ trainerID: 'demo-trainer' }]);
  });

  it("shows the server's error when the portal cannot be opened", async () => {
    server.use(
      userHandler(subscriber).handler,
      portalHandler(() => errorResponse(404, 'No billing account yet: it is created with the first purchase'))
        .handler,
    );
    await renderApp('/profile/subscription', { session: session(member()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No billing account yet: it is created with the first purchase',
    );
  });

  it('coming back from the portal, shows a cancellation at period end', async () => {
    server.use(
      userHandler(withPurchases(member(), { subscriptions: [subscription({ cancel_at_period_end: true })] }))
        .handler,
    );
    const spy = session(subscriber);
    await renderApp('/profile/subscription', { session: spy });
    expect(await screen.findByText('Cancelled: ends on March 5, 2026')).toBeTruthy();
    expect(spy.calls.userChanged.at(-1)?.customer.subscriptions.data[0]?.cancel_at_period_end).toBe(true);
  });

  it('tells one story of a cancelled subscription with a change scheduled: it ends', async () => {
    const cancelled = subscription({
      cancel_at_period_end: true,
      next_charge: null,
      scheduled_plan: { ...subscription().plan, id: 'price_weekly', nickname: 'Weekly' },
    });
    server.use(userHandler(withPurchases(member(), { subscriptions: [cancelled] })).handler);
    await renderApp('/profile/subscription', { session: session(subscriber) });
    expect(await screen.findByText('Cancelled: ends on March 5, 2026')).toBeTruthy();
    expect(screen.queryByText(/Changes to/)).toBeNull();
    expect(
      screen.getByText(
        'Changed your mind? Keep your membership before March 5, 2026 and it renews as before.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Keep your current plan/)).toBeNull();
  });

  it('shows when a free trial ends', async () => {
    server.use(
      userHandler(
        withPurchases(member(), {
          subscriptions: [subscription({ status: 'trialing', trial_end: '2026-02-12T12:00:00Z' })],
        }),
      ).handler,
    );
    await renderApp('/profile/subscription', { session: session(member()) });
    expect(await screen.findByText('Free trial ends on February 12, 2026')).toBeTruthy();
  });

  it('for a native subscriber, shows the plan and its end date, without a portal', async () => {
    const native = member({
      subscribed_plan: '1',
      subscription_plan_type: 'annual',
      endPlan_date: '2099-06-30T12:00:00Z',
    });
    server.use(userHandler(native).handler);
    await renderApp('/profile/subscription', { session: session(native) });
    expect(await screen.findByText('Your plan: annual')).toBeTruthy();
    expect(screen.getByText('Active until June 30, 2099')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
  });

  it('says why when the member cannot be loaded', async () => {
    server.use(contractHttp.get('/api/user', () => errorResponse(401, 'Your session has expired')));
    await renderApp('/profile/subscription', { session: session(member()) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load your account: Your session has expired',
    );
  });

  it('is in Spanish for a Spanish visitor', async () => {
    server.use(userHandler(subscriber).handler);
    await renderApp('/profile/subscription', { session: session(member()), locale: 'es' });
    expect(await screen.findByText('Se renueva el 5 de marzo de 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Administrar suscripción' })).toBeTruthy();
  });
});

describe('Manage My Subscription, amounts and dates', () => {
  let undoTimeZone = () => {};
  beforeEach(() => {
    undoTimeZone = browserInTimeZone('America/Los_Angeles');
  });
  afterEach(() => undoTimeZone());

  const annual = withPurchases(member(), {
    subscriptions: [
      subscription({
        plan: { ...MONTHLY_PLAN, id: 'price_annual', interval: 'year', amount: 24999, nickname: 'Annual' },
        current_period_end: JUST_AFTER_MIDNIGHT_UTC,
        next_charge: { amount: 24999, currency: 'usd', date: JUST_AFTER_MIDNIGHT_UTC },
      }),
    ],
  });

  it('writes the day in UTC, which a browser west of UTC would move back a day, and says so', async () => {
    expect(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(JUST_AFTER_MIDNIGHT_UTC)),
    ).toBe('February 28, 2026');
    server.use(userHandler(annual).handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    expect(await screen.findByText('Renews on March 1, 2026')).toBeTruthy();
    expect(screen.getByTestId('next-charge').textContent).toBe('Next charge: $249.99 on March 1, 2026');
    expect(screen.getAllByText('Dates are in UTC.')).toHaveLength(1);
  });

  it('in Spanish, writes amounts with the Spanish decimal mark and the day in UTC', async () => {
    server.use(userHandler(annual).handler);
    await renderApp('/profile/subscription', { session: session(member()), locale: 'es' });
    expect(await screen.findByText('$249,99 anual · Activa')).toBeTruthy();
    expect(screen.getByTestId('next-charge').textContent).toBe(
      'Próximo cargo: $249,99 el 1 de marzo de 2026',
    );
    expect(screen.getByText('Se renueva el 1 de marzo de 2026')).toBeTruthy();
    expect(screen.getAllByText('Las fechas están en UTC.')).toHaveLength(1);
  });

  it('shows a yen amount whole, since the yen has no minor unit', async () => {
    const yen = withPurchases(member(), {
      subscriptions: [subscription({ plan: { ...MONTHLY_PLAN, amount: 1000, currency: 'jpy' } })],
    });
    server.use(userHandler(yen).handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    expect(await screen.findByText('¥1,000 monthly · Active')).toBeTruthy();
  });

  it("states a native plan's end date in UTC too", async () => {
    const native = member({
      subscribed_plan: '1',
      subscription_plan_type: 'annual',
      endPlan_date: '2099-03-01T03:00:00Z',
    });
    server.use(userHandler(native).handler);
    await renderApp('/profile/subscription', { session: session(native) });
    expect(await screen.findByText('Active until March 1, 2099')).toBeTruthy();
    expect(screen.getByText('Dates are in UTC.')).toBeTruthy();
  });
});

describe('Manage My Subscription, a payment overdue', () => {
  it.each([
    [
      'en',
      'Your membership access is paused while the payment is overdue, and resumes as soon as it goes through.',
    ],
    [
      'es',
      'Tu acceso a la membresía queda en pausa mientras el pago esté vencido y se reanuda en cuanto el pago se complete.',
    ],
  ] as const)('says in %s that access is paused until the payment goes through', async (locale, text) => {
    const pastDue = withPurchases(member(), {
      subscriptions: [subscription({ status: 'past_due', next_payment_attempt: '2026-03-08T12:00:00Z' })],
    });
    server.use(userHandler(pastDue).handler);
    await renderApp('/profile/subscription', { session: session(member()), locale });
    expect((await screen.findByTestId('past-due')).textContent).toContain(text);
  });

  it.each([
    ['en', 'Overdue: $36.29', '$29.99 plus $6.30 tax (ES, 21 %)'],
    ['es', 'Pendiente: $36,29', '$29,99 más $6,30 de impuestos (ES, 21 %)'],
  ] as const)(
    'states in %s what is due with the tax the invoice was issued with',
    async (locale, due, split) => {
      // The invoice of 2999 taxed 21 % in Spain: 2999 + 630 = 3629 (decision 173).
      const pastDue = withPurchases(member(), {
        subscriptions: [
          subscription({
            status: 'past_due',
            next_payment_attempt: '2026-03-08T12:00:00Z',
            amount_due: {
              amount: 3629,
              currency: 'usd',
              tax: { net: 2999, amount: 630, mode: 'exclusive', country: 'ES', rate_basis_points: 2100 },
            },
          }),
        ],
      });
      server.use(userHandler(pastDue).handler);
      await renderApp('/profile/subscription', { session: session(member()), locale });
      expect((await screen.findByTestId('amount-due')).textContent).toBe(due);
      expect(screen.getByTestId('amount-due-tax').textContent).toBe(split);
    },
  );
});
