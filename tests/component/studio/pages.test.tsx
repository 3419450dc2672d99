// The studio's pages against the server's answers (msw, typed by the contract): loading, empty and
// error states, the figures with their definitions and tables, the members' search and paging, and
// what each role is offered.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';
import { COACH, OWNER, renderStudio, SHOWN, signedIn } from './render-studio.tsx';

// A page's whole render and its answers, on a busy machine (see SHOWN).
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Metrics = components['schemas']['Metrics'];
type Summary = components['schemas']['StudioMemberSummary'];

const month = (m: string, mrr: number) => ({
  month: m,
  mrr,
  newMembers: 3,
  churnedMembers: 1,
  mrrChurn: 2999,
  trialsStarted: 4,
  trialsEnded: 4,
  trialsConverted: 1,
  revenue: 12_345,
  refunds: 4900,
});
const METRICS: Metrics = {
  currency: 'usd',
  asOf: '2026-11-28T00:00:00.000Z',
  from: '2026-10-01',
  to: '2026-11-28',
  mrr: 123_450,
  activeMembers: 42,
  trialingMembers: 5,
  failing: { count: 2, amountAtRisk: 5998 },
  recovered: { count: 1, amount: 2999 },
  months: [month('2026-10', 120_000), month('2026-11', 123_450)],
  oneTimeSales: [{ productID: 'p1', name: '30-Day Shred', count: 7, revenue: 34_300 }],
  programs: [{ productID: 'p1', name: '30-Day Shred', units: 30, members: [{ reached: 5, count: 3 }] }],
};

const noPlans = contractHttp.get('/api/studio/plans', () =>
  HttpResponse.json({ success: true as const, plans: [] }),
);

describe('the figures', () => {
  it('say the month’s MRR, each figure’s definition, and the same numbers as a table', async () => {
    server.use(
      signedIn(OWNER),
      contractHttp.get('/api/studio/metrics', () =>
        HttpResponse.json({ success: true as const, metrics: METRICS }),
      ),
    );
    await renderStudio('/studio');
    expect((await screen.findByTestId('headline-mrr', {}, SHOWN)).textContent).toBe('$1,234.50');
    // The MRR's definition under its headline, and again under its months.
    expect(
      screen.getAllByText(/Monthly recurring revenue: active and past-due subscriptions as a monthly amount/),
    ).toHaveLength(2);
    const mrrTable = screen.getByRole('table', { name: 'Monthly recurring revenue by month' });
    const rows = within(mrrTable).getAllByRole('row');
    // The header, then October and November, each with its MRR and MRR churn.
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthMRRMRR churn',
      'Oct 2026$1,200.00$29.99',
      'Nov 2026$1,234.50$29.99',
    ]);
    const conversion = screen.getByRole('table', { name: 'Trial-to-paid conversion' });
    expect(
      within(conversion)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthTrials startedTrials endedTrials convertedTrial-to-paid conversion',
      // 4 started, 4 ended, 1 converted: 1 of the 4 that ended.
      'Oct 202644125%',
      'Nov 202644125%',
    ]);
    expect(screen.getByRole('button', { name: 'Download CSV: MRR' })).toBeTruthy();
  });

  it('say they are loading, then why they failed, with a way to try again', async () => {
    let calls = 0;
    server.use(
      signedIn(OWNER),
      contractHttp.get('/api/studio/metrics', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { success: false as const, message: 'The figures are not available now.' },
              { status: 503 },
            )
          : HttpResponse.json({ success: true as const, metrics: METRICS });
      }),
    );
    await renderStudio('/studio');
    expect(await screen.findByText('Loading the figures…', {}, SHOWN)).toBeTruthy();
    expect(await screen.findByText('The figures are not available now.', {}, SHOWN)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('headline-mrr', {}, SHOWN)).textContent).toBe('$1,234.50');
  });

  it('are in Spanish for a Spanish reader', async () => {
    server.use(
      signedIn(OWNER),
      contractHttp.get('/api/studio/metrics', () =>
        HttpResponse.json({ success: true as const, metrics: METRICS }),
      ),
    );
    await renderStudio('/studio', 'es');
    expect(await screen.findByRole('heading', { name: 'Cifras', level: 1 }, SHOWN)).toBeTruthy();
    expect((await screen.findByTestId('headline-mrr', {}, SHOWN)).textContent).toBe('$1234,50');
    expect(
      screen.getAllByText(/Ingreso recurrente mensual: suscripciones activas y con pago vencido/).length,
    ).toBeGreaterThan(0);
  });
});

const member = (n: number): Summary => ({
  id: `m${n}`,
  name: `Member ${n}`,
  email: `member${n}@example.com`,
  createdAt: '2026-11-01T10:00:00.000Z',
  status: n % 2 ? 'active' : 'past_due',
  planName: 'Monthly',
  failing: n % 2 === 0,
});

describe('the members', () => {
  it('are found by part of an email, and the next page comes with the cursor', async () => {
    const asked: string[] = [];
    server.use(
      signedIn(OWNER),
      noPlans,
      contractHttp.get('/api/studio/members', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('cursor') === 'next')
          return HttpResponse.json({ success: true as const, members: [member(3)], nextCursor: null });
        return HttpResponse.json({
          success: true as const,
          members: [member(1), member(2)],
          nextCursor: 'next',
        });
      }),
    );
    await renderStudio('/studio/members');
    expect(await screen.findByRole('link', { name: 'Member 1' }, SHOWN)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Find a member' }), {
      target: { value: 'member2@' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(asked.some((search) => search.includes('q=member2%40'))).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'More members' }, SHOWN));
    expect(await screen.findByRole('link', { name: 'Member 3' }, SHOWN)).toBeTruthy();
    expect(asked.at(-1)).toContain('cursor=next');
    expect(screen.queryByRole('button', { name: 'More members' })).toBeNull();
    // A failing payment is said beside the status.
    expect(screen.getAllByText('Payment failing').length).toBeGreaterThan(0);
  });

  it('say so when none matches', async () => {
    server.use(
      signedIn(COACH),
      noPlans,
      contractHttp.get('/api/studio/members', () =>
        HttpResponse.json({ success: true as const, members: [], nextCursor: null }),
      ),
    );
    await renderStudio('/studio/members?q=nobody');
    expect(await screen.findByText('No member matches', {}, SHOWN)).toBeTruthy();
  });
});

describe('the navigation', () => {
  it('offers the staff page to an owner and not to a coach', async () => {
    server.use(
      signedIn(COACH),
      noPlans,
      contractHttp.get('/api/studio/members', () =>
        HttpResponse.json({ success: true as const, members: [], nextCursor: null }),
      ),
    );
    await renderStudio('/studio/members');
    const nav = await screen.findByRole('navigation', { name: 'Studio' }, SHOWN);
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page');
  });
});
