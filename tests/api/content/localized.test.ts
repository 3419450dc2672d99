// The trainer's texts in the visitor's language: written per language the Sanity way
// (`{ en, es }`), answered in the language asked for, English where a text has none.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../../server/db/seed.ts';
import { startTestApp } from '../app.ts';
import { expectContract } from '../contract.ts';

let app: FastifyInstance;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ app, close: stop } = await startTestApp());
});
afterAll(() => stop());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('texts in the language asked for', () => {
  it('answers the settings in Spanish with ?lang=es, in English by default, and keeps texts written once', async () => {
    const es = expectContract(await get('/api/content/settings?lang=es'), 'getSiteSettings') as {
      settings: { siteName: string; banner: { bannerTitle: string }; newCheckout: Record<string, string> };
    };
    const en = expectContract(await get('/api/content/settings'), 'getSiteSettings') as typeof es;
    expect(es.settings.banner.bannerTitle).toBe('Oferta de año nuevo: 10% de descuento en tu primer plan');
    expect(en.settings.banner.bannerTitle).toBe('New year offer: 10% off your first plan');
    expect(es.settings.newCheckout).toMatchObject({
      subscriptionHeaderText: 'Elige tu plan',
      subscriptionButtonText: 'Pagar',
    });
    expect(en.settings.newCheckout).toMatchObject({ subscriptionHeaderText: 'Choose your plan' });
    // The brand is written once: the same in every language.
    expect(es.settings.siteName).toBe(en.settings.siteName);
  });

  it("answers the home page's hero and pricing texts per language, with the hero image's size", async () => {
    type Home = {
      home: Record<string, unknown> & { heroImage: { url: string; width: number; height: number } };
    };
    const es = expectContract(await get('/api/content/settings?lang=es'), 'getSiteSettings') as {
      settings: Home;
    };
    const en = expectContract(await get('/api/content/settings'), 'getSiteSettings') as { settings: Home };
    expect(en.settings.home).toMatchObject({
      heroHeading: 'Get stronger with Coach Rivera',
      pricingHeading: 'Plans and prices',
    });
    expect(es.settings.home).toMatchObject({
      heroHeading: 'Ponte más fuerte con el Coach Rivera',
      pricingHeading: 'Planes y precios',
    });
    // The image's size comes with it, so the page keeps its room before it loads.
    const image = en.settings.home.heroImage;
    expect(image).toMatchObject({ width: 640, height: 720 });
    expect((await get(image.url)).statusCode).toBe(200);
  });

  it("answers the landing page's sections in the asked language, the member's name as written", async () => {
    type Section = { benefits: { title: string }[]; testimonials: { name: string; result: string }[] };
    type Home = { home: Section & { faq: { question: string }[]; bioHeading: string; bioText: string } };
    const es = expectContract(await get('/api/content/settings?lang=es'), 'getSiteSettings') as {
      settings: Home;
    };
    const en = expectContract(await get('/api/content/settings'), 'getSiteSettings') as { settings: Home };
    // The demo dataset's words (content/production.ndjson), four benefits, three results, four questions.
    expect(en.settings.home.benefits.map((b) => b.title)).toEqual([
      'A plan written for you every week',
      'Every exercise on video',
      'Simple nutrition guidance',
      'Check-ins with me',
    ]);
    expect(es.settings.home.benefits[0]?.title).toBe('Un plan escrito para ti cada semana');
    expect(en.settings.home.testimonials.map((t) => t.name)).toEqual(['María G.', 'James O.', 'Lucía P.']);
    expect(es.settings.home.testimonials.map((t) => t.name)).toEqual(['María G.', 'James O.', 'Lucía P.']);
    expect(es.settings.home.testimonials[1]?.result).toBe('−9 kg en 5 meses');
    expect(en.settings.home.faq).toHaveLength(4);
    expect(es.settings.home.faq[2]?.question).toBe('¿Puedo cancelar cuando quiera?');
    expect([en.settings.home.bioHeading, es.settings.home.bioHeading]).toEqual([
      'About your coach',
      'Sobre tu coach',
    ]);
  });

  it('answers a content page with its Spanish name and body', async () => {
    const es = expectContract(await get('/api/content/pages/about?lang=es'), 'getContentPage') as {
      page: { pageName: string; body: { _type: string; children?: { text: string }[] }[] };
    };
    expect(es.page.pageName).toBe('Sobre Coach Rivera');
    const texts = es.page.body.flatMap((block) => block.children?.map((child) => child.text) ?? []);
    expect(texts).toContain('Planes diarios para cada nivel');
    const en = expectContract(await get('/api/content/pages/about'), 'getContentPage') as typeof es;
    expect(en.page.pageName).toBe('About Coach Rivera');
    // Images keep their served address in every language.
    expect(es.page.body.filter((block) => block._type === 'image')).toHaveLength(1);
  });

  it('answers product and plan names and challenge texts in Spanish, English where a text has no Spanish', async () => {
    const res = await get(`/api/trainer/${DEMO_TRAINER_ID}/products?lang=es`);
    const body = expectContract(res, 'getProducts') as {
      subscriptions: { name: string; plans: { nickname: string }[] }[];
      challenges: { name: string; subscriptionHeaderText: string; plans: { nickname: string }[] }[];
      courses: { name: string; subscriptionHeaderText: string | null; challengeButtonText: string }[];
    };
    expect([body.subscriptions[0]?.name, body.challenges[0]?.name, body.courses[0]?.name]).toEqual([
      'Membresía de coaching',
      'Reto Shred de 30 días',
      'Fundamentos de fuerza',
    ]);
    expect(body.subscriptions[0]?.plans.map((plan) => plan.nickname)).toContain('Mensual');
    expect(body.challenges[0]?.subscriptionHeaderText).toBe('Sigue con una membresía');
    expect(body.challenges[0]?.plans[0]?.nickname).toBe('Reto Shred de 30 días');
    expect(body.courses[0]).toMatchObject({
      subscriptionHeaderText: null,
      challengeButtonText: 'Obtén el curso',
    });
    const en = (await get(`/api/trainer/${DEMO_TRAINER_ID}/products`)).json();
    expect(en.subscriptions[0].plans.map((plan: { nickname: string }) => plan.nickname)).toContain('Monthly');
    expect(en.subscriptions[0].name).toBe('Coaching Membership');
  });

  it('refuses a language it has no texts for with 400', async () => {
    const res = await get('/api/content/settings?lang=fr');
    expect(res.statusCode).toBe(400);
    expectContract(res, 'getSiteSettings');
  });
});
