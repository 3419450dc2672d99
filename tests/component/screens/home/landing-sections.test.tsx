// The landing page's sections from the CMS (decision 150): each shows what the trainer wrote, in the
// page's language, and is left out entirely, heading included, when the trainer wrote nothing for it.
import { screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../../src/features/content/site-settings.ts';
import { contractHttp } from '../../../contract-http.ts';
import { someProducts } from '../../../factories.ts';
import { renderApp, SETTINGS } from '../../render-app.tsx';
import { server } from '../../server.ts';

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  // Home's lazy part compiled once before the tests, so each waits for its render, not for the compiler.
  await import('../../../../src/screens/home/pricing-section.tsx');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Home = NonNullable<SiteSettings['home']>;

const EMPTY: Home = {
  heroHeading: 'Train with Coach Test',
  heroSubText: null,
  heroImage: null,
  pricingHeading: null,
  pricingSubText: null,
  benefitsHeading: null,
  benefits: [],
  testimonialsHeading: null,
  testimonials: [],
  faqHeading: null,
  faq: [],
  bioHeading: null,
  bioText: null,
  bioImage: null,
  bioImageAlt: null,
};

const FULL: Home = {
  ...EMPTY,
  benefitsHeading: 'Inside the membership',
  benefits: [
    { key: 'a', title: 'A weekly plan', text: 'Three sessions a week.' },
    { key: 'b', title: 'Form checks', text: null },
  ],
  testimonialsHeading: 'Members say',
  testimonials: [
    { key: 't', quote: 'I lift twice what I did.', name: 'María G.', result: '+30 kg deadlift', photo: null },
  ],
  faqHeading: 'Asked often',
  faq: [{ key: 'q', question: 'Can I cancel?', answer: 'Yes, from your profile.' }],
  bioHeading: 'Meet your coach',
  bioText: 'Twelve years of coaching strength.',
  bioImage: { url: '/content-assets/bio-800x600.svg', width: 800, height: 600, crop: null, hotspot: null },
  bioImageAlt: 'The coach spotting a squat',
};

const SECTIONS = ['benefits', 'testimonials', 'bio', 'faq'] as const;

function serveNoProducts() {
  server.use(contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(someProducts())));
}

/**
 * The sections shown, in the page's order, once the lazy part of Home and the texts it waits for
 * (the site's own headings) are in: before that, none would show whatever the CMS holds.
 */
async function shownSections({ i18n }: { i18n: I18n }): Promise<string[]> {
  await screen.findByRole('heading', { level: 2, name: /Plans|Planes/ });
  await waitFor(() => expect(i18n.exists('landing.faqHeading')).toBe(true));
  await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  return [...document.querySelectorAll('[data-testid^="landing-"]')].map((el) =>
    (el.getAttribute('data-testid') ?? '').replace('landing-', ''),
  );
}

describe("the landing page's sections", () => {
  it('shows every section the trainer wrote, with its words, below the prices', async () => {
    serveNoProducts();
    const app = await renderApp('/', { settings: { ...SETTINGS, home: FULL } });
    await screen.findByRole('region', { name: 'Asked often' });
    expect(await shownSections(app)).toEqual([...SECTIONS]);

    const benefits = screen.getByRole('region', { name: 'Inside the membership' });
    expect(
      within(benefits)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['A weekly plan', 'Form checks']);
    expect(benefits.textContent).toContain('Three sessions a week.');

    const results = screen.getByRole('region', { name: 'Members say' });
    const quote = within(results).getByRole('figure');
    expect(quote.textContent).toContain('+30 kg deadlift');
    expect(quote.textContent).toContain('I lift twice what I did.');
    expect(quote.querySelector('figcaption')?.textContent).toBe('María G.');

    const bio = screen.getByRole('region', { name: 'Meet your coach' });
    expect(bio.textContent).toContain('Twelve years of coaching strength.');
    expect(bio.querySelector('img')?.getAttribute('src')).toBe('/content-assets/bio-800x600.svg');
    // The trainer's photo, described in the CMS's words, its box sized before it arrives.
    const photo = within(bio).getByRole('img', { name: 'The coach spotting a squat' });
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['440', '330']);

    const faq = screen.getByRole('region', { name: 'Asked often' });
    const question = faq.querySelector('details');
    expect(question?.querySelector('summary')?.textContent).toBe('Can I cancel?');
    expect(question?.textContent).toContain('Yes, from your profile.');

    // The plans come first, so they are on the first screen of a desktop.
    const pricing = screen.getByRole('heading', { level: 2, name: 'Plans and prices' });
    expect(pricing.compareDocumentPosition(benefits) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves out every section the trainer left empty, heading and all', async () => {
    serveNoProducts();
    const app = await renderApp('/', { settings: { ...SETTINGS, home: EMPTY } });
    expect(await shownSections(app)).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Plans and prices',
    ]);
  });

  it('leaves out only the empty ones, and an unset heading is the site’s own, in Spanish', async () => {
    serveNoProducts();
    const home: Home = {
      ...FULL,
      benefitsHeading: null,
      faqHeading: null,
      testimonials: [],
      bioText: null,
    };
    const app = await renderApp('/', { locale: 'es', settings: { ...SETTINGS, home } });
    await screen.findByRole('region', { name: 'Preguntas frecuentes' });
    expect(await shownSections(app)).toEqual(['benefits', 'faq']);
    expect(screen.getByRole('region', { name: 'Qué incluye' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preguntas frecuentes' })).toBeTruthy();
  });

  it('shows no section on a site whose CMS has no home page at all', async () => {
    serveNoProducts();
    const app = await renderApp('/', { settings: { ...SETTINGS, home: null } });
    expect(await shownSections(app)).toEqual([]);
  });
});
