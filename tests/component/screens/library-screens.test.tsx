// The members' area's pages, from the issue's words (point 3): "/library lists what the member holds
// with progress ('Day 6 of 30', '3 of 12 lessons') and what is next; a program page lists its days
// (done, open, opens on a date, locked)"; "a visitor who opens a library address is asked to sign
// in; a member who does not hold it is shown what it is and the way to buy it (never the content)";
// loading and empty states; the confirmation pages lead straight to it; the nav gives members a way.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import {
  aLibraryItem,
  aLibraryItemSummary,
  aLibraryOffer,
  aLibraryUnitRef,
  aOneTimePlan,
  aOneTimeProduct,
  type LibraryUnitRef,
  someProducts,
} from '../../factories.ts';
import { charge, userHandler, withPurchases } from '../profile/profile.fixtures.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const SHRED = aLibraryOffer({ slug: '30-day-shred', name: '30-Day Shred' });

/** Days 1 to `total` of a challenge: the first `done` done, the next open, the rest opening a day apart. */
function days(total: number, done: number): LibraryUnitRef[] {
  return Array.from({ length: total }, (_, index) =>
    aLibraryUnitRef({
      key: `day-${index + 1}`,
      number: index + 1,
      title: `Workout ${index + 1}`,
      state: index < done ? 'done' : index === done ? 'open' : 'opensOn',
      opensAt: new Date(Date.UTC(2026, 5, 1 + index)).toISOString(),
      doneAt: index < done ? new Date(Date.UTC(2026, 5, 1 + index, 18)).toISOString() : null,
    }),
  );
}

const libraryHandler = (body: { items: unknown[]; locked: unknown[] }) =>
  contractHttp.get('/api/user/library', () =>
    HttpResponse.json({ success: true as const, ...body } as never),
  );

describe('a library address', () => {
  it('asks a visitor to sign in, and asks the server nothing', async () => {
    await renderApp('/library/challenge/30-day-shred/day-1', { session: session(null) });
    expect(await screen.findByText('Please log in to see this page.')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

describe('the library', () => {
  it("lists what the member holds with progress ('Day 6 of 30', '3 of 12 lessons') and what is next", async () => {
    const challenge = days(30, 5);
    const lessons = days(12, 3).map((unit) => ({
      ...unit,
      title: `Lesson ${unit.number}`,
      state: 'open' as const,
    }));
    server.use(
      libraryHandler({
        items: [
          aLibraryItemSummary({
            slug: '30-day-shred',
            title: '30-Day Shred',
            progress: { done: 5, total: 30, next: challenge[5] ?? null },
          }),
          aLibraryItemSummary({
            kind: 'course',
            slug: 'strength-foundations',
            title: 'Strength Foundations',
            progress: { done: 3, total: 12, next: lessons[3] ?? null },
          }),
        ],
        locked: [],
      }),
    );
    await renderApp('/library', { session: session(member()) });
    const shred = await screen.findByRole('article', { name: '30-Day Shred' });
    expect(within(shred).getByText('Day 6 of 30')).toBeTruthy();
    expect(within(shred).getByText('Next: Workout 6')).toBeTruthy();
    expect(within(shred).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      '/library/challenge/30-day-shred/day-6',
    );
    const course = screen.getByRole('article', { name: 'Strength Foundations' });
    expect(within(course).getByText('3 of 12 lessons')).toBeTruthy();
    expect(within(course).getByText('Next: Lesson 4')).toBeTruthy();
  });

  it('says when nothing is held yet, with the way to the plans', async () => {
    server.use(libraryHandler({ items: [], locked: [] }));
    await renderApp('/library', { session: session(member()) });
    expect(await screen.findByRole('heading', { name: 'Nothing here yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/#pricing-heading',
    );
  });

  it('names what was lost once per reason, with the way to open it again, and what another plan includes', async () => {
    const entry = (slug: string, title: string) => ({
      kind: 'workout' as const,
      slug,
      title,
      reason: 'planNotIncluded' as const,
      product: aLibraryOffer({ kind: 'membership', slug: null, name: 'Coaching Membership' }),
    });
    server.use(
      libraryHandler({
        items: [],
        locked: [
          {
            kind: 'challenge',
            slug: '30-day-shred',
            title: '30-Day Shred',
            reason: 'refunded',
            product: SHRED,
          },
          entry('kettlebell-ladder', 'Kettlebell ladder'),
          entry('bike-sprints', 'Bike sprints'),
        ],
      }),
    );
    await renderApp('/library', { session: session(member()) });
    const lost = await screen.findByRole('region', { name: 'No longer open' });
    expect(within(lost).getByText('Your purchase was refunded, so it is closed.')).toBeTruthy();
    expect(within(lost).getByText('30-Day Shred: $49')).toBeTruthy();
    expect(within(lost).getByRole('link', { name: 'Get the challenge' }).getAttribute('href')).toBe(
      '/challenge/30-day-shred',
    );
    const other = screen.getByRole('region', { name: 'In other plans' });
    expect(
      within(other).getByText('Your plan does not include these; another plan of the membership does.'),
    ).toBeTruthy();
    expect(within(other).getAllByRole('link', { name: 'Change your plan' })).toHaveLength(1);
    expect(within(other).getByText('Bike sprints')).toBeTruthy();
  });
});

describe("a program's page", () => {
  it('lists its days done, open, opening on a date (UTC) or locked; only those open are links', async () => {
    const units = days(4, 1);
    server.use(
      contractHttp.get('/api/user/library/{kind}/{slug}', () =>
        HttpResponse.json({
          success: true as const,
          item: aLibraryItem({
            slug: '30-day-shred',
            title: '30-Day Shred',
            units,
            progress: { done: 1, total: 4, next: units[1] ?? null },
            streak: 1,
          }),
        }),
      ),
    );
    await renderApp('/library/challenge/30-day-shred', { session: session(member()) });
    expect(await screen.findByRole('heading', { level: 1, name: '30-Day Shred' })).toBeTruthy();
    expect(screen.getByText('Day 2 of 4')).toBeTruthy();
    expect(screen.getByText('1-day streak')).toBeTruthy();
    expect(within(screen.getByTestId('unit-1')).getByText('Done')).toBeTruthy();
    expect(
      within(screen.getByTestId('unit-2')).getByRole('link', { name: 'Day 2 · Workout 2' }),
    ).toBeTruthy();
    // June 3, 2026 is the day's 00:00 UTC, whatever the browser's time zone.
    expect(within(screen.getByTestId('unit-3')).getByText('Opens on June 3, 2026')).toBeTruthy();
    expect(within(screen.getByTestId('unit-3')).queryByRole('link')).toBeNull();
    expect(screen.getByText('Dates are in UTC.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue: Day 2' }).getAttribute('href')).toBe(
      '/library/challenge/30-day-shred/day-2',
    );
  });

  it("groups a course's lessons by module, numbered across the course", async () => {
    const lesson = (number: number, module: string) =>
      aLibraryUnitRef({ key: `l${number}`, number, title: `Lesson ${number}`, module, state: 'open' });
    const units = [lesson(1, 'm1'), lesson(2, 'm1'), lesson(3, 'm2')];
    server.use(
      contractHttp.get('/api/user/library/{kind}/{slug}', () =>
        HttpResponse.json({
          success: true as const,
          item: aLibraryItem({
            kind: 'course',
            slug: 'strength-foundations',
            title: 'Strength Foundations',
            modules: [
              { key: 'm1', number: 1, title: 'The squat' },
              { key: 'm2', number: 2, title: 'The hinge' },
            ],
            units,
            progress: { done: 0, total: 3, next: units[0] ?? null },
            streak: null,
          }),
        }),
      ),
    );
    await renderApp('/library/course/strength-foundations', { session: session(member()) });
    expect(await screen.findByText('0 of 3 lessons')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The lessons' })).toBeTruthy();
    const hinge = screen.getByRole('heading', { name: 'Module 2: The hinge' });
    expect(
      within(hinge.parentElement as HTMLElement).getByRole('link', { name: 'Lesson 3 · Lesson 3' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start: Lesson 1' }).getAttribute('href')).toBe(
      '/library/course/strength-foundations/l1',
    );
  });

  it('shows a member who does not hold it what it is and the way to buy it, never its days', async () => {
    server.use(
      contractHttp.get('/api/user/library/{kind}/{slug}', () =>
        HttpResponse.json(
          {
            success: false as const,
            message: 'You do not hold this.',
            reason: 'notHeld' as const,
            product: SHRED,
          },
          { status: 403 },
        ),
      ),
    );
    await renderApp('/library/challenge/30-day-shred', { session: session(member()) });
    expect(
      await screen.findByRole('heading', { level: 1, name: '30-Day Shred is not open to you' }),
    ).toBeTruthy();
    expect(screen.getByText('Not part of what you hold.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get the challenge' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('the way to it', () => {
  it("leads from the challenge's confirmation straight to the day the member is on: 'Start day 1'", async () => {
    const products = someProducts({
      challenges: [
        aOneTimeProduct({
          slug: '30-day-shred',
          name: '30-Day Shred',
          plans: [aOneTimePlan({ id: 'price_shred' })],
        }),
      ],
    });
    const units = days(3, 0);
    server.use(
      contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(products)),
      userHandler(
        withPurchases(member(), {
          charges: [charge({ priceId: 'price_shred', description: '30-Day Shred' })],
        }),
      ).handler,
      contractHttp.get('/api/user/library/{kind}/{slug}', () =>
        HttpResponse.json({ success: true as const, item: aLibraryItem({ slug: '30-day-shred', units }) }),
      ),
    );
    await renderApp('/challenge/30-day-shred/confirmation', { session: session(member()) });
    const start = await screen.findByRole('link', { name: 'Start day 1' });
    expect(start.getAttribute('href')).toBe('/library/challenge/30-day-shred/day-1');
  });

  it('gives members My library in the nav, on a wide screen and in the menu', async () => {
    server.use(libraryHandler({ items: [], locked: [] }));
    await renderApp('/', { session: session(member()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const links = screen.getAllByRole('link', { name: 'My library' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/library', '/library']);
  });
});
