// Manage My Subscription's own changes (decision 162), against the contract's answers: the pause in
// words, the pauses offered with their quote before confirming, resume and keep, in both languages.
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';
import { errorResponse, subscription, userHandler, withPurchases } from './profile.fixtures.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const subscriber = (overrides: Parameters<typeof subscription>[0] = {}) =>
  withPurchases(member(), { subscriptions: [subscription(overrides)] });

const OPTIONS = {
  success: true as const,
  allowed: [1, 2],
  options: [
    {
      months: 1,
      starts_at: '2026-03-05T12:00:00Z',
      resumes_at: '2026-04-05T12:00:00Z',
      next_charge: { amount: 4999, currency: 'usd', date: '2026-04-05T12:00:00Z' },
      promise: 'promise-one',
    },
    {
      months: 2,
      starts_at: '2026-03-05T12:00:00Z',
      resumes_at: '2026-05-05T12:00:00Z',
      next_charge: { amount: 4999, currency: 'usd', date: '2026-05-05T12:00:00Z' },
      promise: 'promise-two',
    },
  ],
};

function changeHandler(
  path: '/api/user/subscription/pause' | '/api/user/subscription/resume' | '/api/user/subscription/keep',
  respond: () => Response = () => HttpResponse.json({ success: true as const, recorded: true }),
) {
  const sent: unknown[] = [];
  const handler = contractHttp.post(path, async ({ request }) => {
    sent.push(await request.text());
    return respond();
  });
  return { handler, sent };
}

const optionsHandler = (body = OPTIONS) =>
  contractHttp.get('/api/user/subscription/pause-options', () => HttpResponse.json(body));

// The first render loads the app's lazy parts: slower than the rest on a busy machine.
describe('pausing from Manage My Subscription', { timeout: 20_000 }, () => {
  it('states each length with its resume date, and the quote before the member confirms', async () => {
    const pause = changeHandler('/api/user/subscription/pause');
    server.use(userHandler(subscriber()).handler, optionsHandler(), pause.handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    fireEvent.click(await screen.findByRole('radio', { name: '2 months: resumes on May 5, 2026' }));
    expect(screen.getByRole('radio', { name: '1 month: resumes on April 5, 2026' })).toBeTruthy();
    const quote = screen.getByTestId('pause-quote');
    expect(quote.textContent).toContain('pauses on March 5, 2026');
    expect(quote.textContent).toContain('resumes on May 5, 2026');
    expect(quote.textContent).toContain('Next charge: $49.99 on May 5, 2026');
    expect(pause.sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Pause for 2 months' }));
    await expect.poll(() => pause.sent).toEqual([JSON.stringify({ months: 2, promise: 'promise-two' })]);
  });

  it('shows the refusal when the quote changed', async () => {
    const pause = changeHandler('/api/user/subscription/pause', () =>
      errorResponse(409, 'The pause’s terms changed since you read them.'),
    );
    server.use(userHandler(subscriber()).handler, optionsHandler(), pause.handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    fireEvent.click(await screen.findByRole('radio', { name: '1 month: resumes on April 5, 2026' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pause for 1 month' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The pause’s terms changed since you read them.',
    );
  });

  it.each([
    // Exclusive 20 %: 2999 + round(599.8) = 2999 + 600 = 3599; the whole $6 written as $6.00 beside $29.99.
    [
      'en',
      'exclusive',
      'FR',
      2000,
      [3599, 2999, 600],
      '1 month: resumes on April 5, 2026',
      '$29.99 plus $6.00 tax (FR, 20 %)',
    ],
    // Inclusive 19 %: round(2999 × 19 / 119 = 478.83) = 479 of the 2999, 2520 before it.
    [
      'es',
      'inclusive',
      'DE',
      1900,
      [2999, 2520, 479],
      '1 mes: se reanuda el 5 de abril de 2026',
      'Incluye $4,79 de impuestos (DE, 19 %)',
    ],
  ] as const)(
    'in %s, a taxed pause says how its charge is made up (%s)',
    async (locale, mode, country, rate, [amount, net, tax], label, words) => {
      const [first] = OPTIONS.options;
      if (!first) throw new Error('no option');
      const charge = {
        ...first.next_charge,
        amount,
        tax: { net, amount: tax, mode, country, rate_basis_points: rate },
      };
      server.use(
        userHandler(subscriber()).handler,
        optionsHandler({ ...OPTIONS, options: [{ ...first, next_charge: charge }] }),
      );
      await renderApp('/profile/subscription', { session: session(member()), locale });
      fireEvent.click(await screen.findByRole('radio', { name: label }));
      expect(screen.getByTestId('pause-charge-tax').textContent).toBe(words);
    },
  );

  it('says when no pause can be chosen now, and nothing when the trainer offers none', async () => {
    server.use(userHandler(subscriber()).handler, optionsHandler({ ...OPTIONS, options: [] }));
    await renderApp('/profile/subscription', { session: session(member()) });
    expect(
      await screen.findByText('A pause can be chosen on a paid monthly plan with nothing else planned.'),
    ).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('a pause in words, and its early end', () => {
  const paused = subscriber({
    status: 'paused',
    current_period_end: '2026-03-05T12:00:00Z',
    next_charge: { amount: 4999, currency: 'usd', date: '2026-05-05T12:00:00Z' },
    pause: { starts_at: '2026-03-05T12:00:00Z', resumes_at: '2026-05-05T12:00:00Z' },
  });

  it('a pause under way: from when, until when, the next charge, and Resume now', async () => {
    const resume = changeHandler('/api/user/subscription/resume');
    server.use(userHandler(paused).handler, resume.handler);
    await renderApp('/profile/subscription', { session: session(member()) });
    expect((await screen.findByTestId('pause-state')).textContent).toBe(
      'Paused since March 5, 2026. Resumes on May 5, 2026.',
    );
    expect(screen.getByText('$49.99 monthly · Paused')).toBeTruthy();
    expect(screen.getByTestId('next-charge').textContent).toBe('Next charge: $49.99 on May 5, 2026');
    expect(screen.queryByText(/Renews on/)).toBeNull();
    expect(screen.queryByText('You do not have a subscription yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resume my membership now' }));
    await expect.poll(() => resume.sent.length).toBe(1);
  });

  it('a pause planned can be called off, in Spanish', async () => {
    const planned = subscriber({
      status: 'active',
      pause: { starts_at: '2026-03-05T12:00:00Z', resumes_at: '2026-04-05T12:00:00Z' },
      next_charge: { amount: 4999, currency: 'usd', date: '2026-04-05T12:00:00Z' },
    });
    const resume = changeHandler('/api/user/subscription/resume');
    server.use(userHandler(planned).handler, resume.handler);
    await renderApp('/profile/subscription', { session: session(member()), locale: 'es' });
    expect((await screen.findByTestId('pause-state')).textContent).toBe(
      'Pausa prevista: desde el 5 de marzo de 2026, se reanuda el 5 de abril de 2026.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Anular la pausa' }));
    await expect.poll(() => resume.sent.length).toBe(1);
  });
});

describe('keeping a plan set to end', () => {
  it('offers Keep my membership on a cancelled plan and sends it', async () => {
    const keep = changeHandler('/api/user/subscription/keep');
    server.use(
      userHandler(subscriber({ cancel_at_period_end: true, next_charge: null })).handler,
      keep.handler,
    );
    await renderApp('/profile/subscription', { session: session(member()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep my membership' }));
    await expect.poll(() => keep.sent.length).toBe(1);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
