// The home page's prices against the demo catalogue (server/db/seed.ts), every figure worked out by
// hand: the amounts are the seed's minor units over 100, the annual saving is
// 100 − 249.99 / (29.99 × 12) × 100 = 100 − 69.46 = 30.54, rounded to 31 %.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../../domain/api-types.ts';
import { contractHttp } from '../../../contract-http.ts';
import {
  aOneTimePlan,
  aOneTimeProduct,
  aPlan,
  aSubscription,
  aSubscriptionProduct,
  someProducts,
} from '../../../factories.ts';
import { member, renderApp, SETTINGS, session } from '../../render-app.tsx';
import { server } from '../../server.ts';
import { renderWithFlows } from '../../signup-modal/signup-modal.fixtures.tsx';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Names = { en: string; es: string };
const recurring =
  (
    id: string,
    name: Names,
    amount: number,
    interval: Plan['interval'],
    count: number,
    trial: number | null,
  ) =>
  (lang: 'en' | 'es') =>
    aPlan({
      id: `demo-trainer-price-${id}`,
      product: 'demo-trainer-membership',
      nickname: name[lang],
      amount,
      interval,
      interval_count: count,
      trialDays: trial,
    });

// The seed's plans, in its own order (not the order shown).
const SEED_PLANS = [
  recurring('daily', { en: 'Day Pass', es: 'Pase de un día' }, 499, 'day', 1, null),
  recurring('weekly', { en: 'Weekly', es: 'Semanal' }, 1499, 'week', 1, null),
  recurring('monthly', { en: 'Monthly', es: 'Mensual' }, 2999, 'month', 1, 7),
  recurring('quarterly', { en: 'Quarterly', es: 'Trimestral' }, 7999, 'month', 3, 7),
  recurring('biannual', { en: 'Biannual', es: 'Semestral' }, 14999, 'month', 6, null),
  recurring('annual', { en: 'Annual', es: 'Anual' }, 24999, 'year', 1, 14),
];

function seedCatalogue(lang: 'en' | 'es') {
  return someProducts({
    subscriptions: [
      aSubscriptionProduct({ id: 'demo-trainer-membership', plans: SEED_PLANS.map((p) => p(lang)) }),
    ],
    challenges: [
      aOneTimeProduct({
        id: 'demo-trainer-challenge',
        slug: '30-day-shred',
        name: lang === 'en' ? '30-Day Shred' : 'Reto Shred de 30 días',
        plans: [aOneTimePlan({ id: 'demo-trainer-price-challenge', amount: 4900 })],
      }),
    ],
    courses: [
      aOneTimeProduct({
        id: 'demo-trainer-course',
        slug: 'strength-foundations',
        name: lang === 'en' ? 'Strength Foundations' : 'Fundamentos de fuerza',
        metadata: { typeProduct: 'course' },
        plans: [
          aOneTimePlan({ id: 'demo-trainer-price-course', amount: 9900 }),
          aOneTimePlan({ id: 'demo-trainer-price-course-coached', amount: 14900 }),
        ],
      }),
    ],
  });
}

function serveCatalogue() {
  server.use(
    contractHttp.get('/api/trainer/{trainerID}/products', ({ request }) =>
      HttpResponse.json(seedCatalogue(new URL(request.url).searchParams.get('lang') === 'es' ? 'es' : 'en')),
    ),
  );
}

const HOME_TEXTS = {
  heroHeading: 'Hero from the CMS',
  heroSubText: null,
  heroImage: { url: '/content-assets/hero-960x480.svg', width: 960, height: 480, crop: null, hotspot: null },
  pricingHeading: null,
  pricingSubText: 'Pricing words from the CMS',
};

/** Each card's words, top to bottom. */
async function cards() {
  await screen.findAllByTestId(/^pricing-plan-/);
  return screen.getAllByTestId(/^pricing-plan-/).map((card) => card.textContent ?? '');
}

describe("the home page's pricing, against the demo catalogue", () => {
  // Hand-written from the seed: name, price, interval label, trial; most expensive first.
  const EXPECTED = {
    en: [
      ['Annual', '$249.99', 'annually', '14-day free trial', 'Save 31%', 'Best value'],
      ['Biannual', '$149.99', 'biannual'],
      ['Quarterly', '$79.99', 'quarterly', '7-day free trial'],
      ['Monthly', '$29.99', 'monthly', '7-day free trial'],
      ['Weekly', '$14.99', 'weekly'],
      ['Day Pass', '$4.99', 'daily'],
    ],
    es: [
      ['Anual', '$249,99', 'anual', '14 días de prueba gratis', 'Ahorra 31%', 'Mejor valor'],
      ['Semestral', '$149,99', 'semestral'],
      ['Trimestral', '$79,99', 'trimestral', '7 días de prueba gratis'],
      ['Mensual', '$29,99', 'mensual', '7 días de prueba gratis'],
      ['Semanal', '$14,99', 'semanal'],
      ['Pase de un día', '$4,99', 'diario'],
    ],
  } as const;

  for (const lang of ['en', 'es'] as const) {
    it(`shows a visitor every plan, its price, trial and the annual saving, in ${lang}`, async () => {
      serveCatalogue();
      await renderApp('/', { locale: lang, settings: { ...SETTINGS, home: null } });
      const shown = await cards();
      expect(shown).toHaveLength(EXPECTED[lang].length);
      EXPECTED[lang].forEach((words, index) => {
        for (const word of words) expect(shown[index]).toContain(word);
      });
      // Only the annual card is the best value; a plan without a trial promises none.
      expect(
        shown.filter((text) => text.includes(lang === 'en' ? 'Best value' : 'Mejor valor')),
      ).toHaveLength(1);
      expect(shown[1]).not.toMatch(lang === 'en' ? /free trial/ : /prueba gratis/);
      // The site's own words stand in for the CMS's.
      expect(
        screen.getByRole('heading', {
          level: 2,
          name: lang === 'en' ? 'Plans and prices' : 'Planes y precios',
        }),
      ).toBeTruthy();
      expect(
        screen.getByRole('heading', {
          level: 1,
          name: lang === 'en' ? 'Train with us' : 'Entrena con nosotros',
        }),
      ).toBeTruthy();
      // The one-time products stand apart, each linking to its page.
      const shred = screen.getByTestId('one-time-30-day-shred');
      expect(shred.textContent).toContain('$49');
      expect(within(shred).getByRole('link').getAttribute('href')).toBe('/challenge/30-day-shred');
      const course = screen.getByTestId('one-time-strength-foundations');
      expect(course.textContent).toContain(lang === 'en' ? 'From $99' : 'Desde $99');
      expect(within(course).getByRole('link').getAttribute('href')).toBe('/course/strength-foundations');
      expect(
        screen.getByRole('button', { name: lang === 'en' ? 'Choose Annual' : 'Elegir Anual' }),
      ).toBeTruthy();
    });
  }

  it("uses the trainer's texts from the CMS where they are written, the site's where not", async () => {
    serveCatalogue();
    await renderApp('/', { settings: { ...SETTINGS, home: HOME_TEXTS } });
    await cards();
    expect(screen.getByRole('heading', { level: 1, name: 'Hero from the CMS' })).toBeTruthy();
    expect(
      screen.getByText('Plans for every goal, from a daily pass to a full year of coaching.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Plans and prices' })).toBeTruthy();
    expect(screen.getByText('Pricing words from the CMS')).toBeTruthy();
    // The trainer's photo holds its frame (short enough for the prices to start on a desktop's first
    // screen) before it loads.
    const hero = document.querySelector('img[src="/content-assets/hero-960x480.svg"]');
    expect(hero?.getAttribute('width')).toBe('440');
    expect(hero?.getAttribute('height')).toBe('330');
  });

  it('choosing a plan sends it to the session, leaving the address and the modal to the flows', async () => {
    serveCatalogue();
    const spy = session();
    const { router } = await renderApp('/?coupon=URL10', { session: spy });
    await cards();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Annual' }));
    expect(spy.calls.choosePlan).toEqual(['demo-trainer-price-annual']);
    expect(spy.calls.openAuthModal).toEqual([]);
    expect(router.state.location.search).toEqual({ coupon: 'URL10' });
  });

  it('choosing a plan puts it in the address and opens the signup modal', async () => {
    serveCatalogue();
    const { router } = await renderWithFlows('/?coupon=URL10');
    await cards();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Annual' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({
      plan: 'demo-trainer-price-annual',
      coupon: 'URL10',
    });
  });

  it("marks a monthly member's plan, offers only the annual upgrade, and no trial to one who had it", async () => {
    serveCatalogue();
    const monthly = member({ subscription_plan_type: 'monthly' });
    monthly.customer = {
      ...monthly.customer,
      had_trial: true,
      subscriptions: {
        ...monthly.customer.subscriptions,
        data: [aSubscription({ plan: SEED_PLANS[2]?.('en') })],
      },
    };
    await renderApp('/', { session: session(monthly) });
    const shown = await cards();
    expect(shown[3]).toContain('Subscribed');
    expect(shown.filter((text) => text.includes('Subscribed'))).toHaveLength(1);
    expect(shown.join(' ')).not.toContain('free trial');
    expect(screen.getAllByRole('button', { name: /^(Choose|Upgrade)/ }).map((b) => b.textContent)).toEqual([
      'Upgrade to Annual',
    ]);
  });

  it('offers an annual member no plan to choose', async () => {
    serveCatalogue();
    const annual = member({ subscription_plan_type: 'annual' });
    annual.customer = {
      ...annual.customer,
      subscriptions: {
        ...annual.customer.subscriptions,
        data: [aSubscription({ plan: SEED_PLANS[5]?.('en') })],
      },
    };
    await renderApp('/', { session: session(annual) });
    const shown = await cards();
    expect(shown[0]).toContain('Subscribed');
    expect(screen.queryAllByRole('button', { name: /^(Choose|Upgrade)/ })).toEqual([]);
  });
});
