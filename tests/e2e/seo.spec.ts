// A page as a search engine lists it and a visitor then opens it (decision 119): the head the server
// wrote stands once the SPA has run, the address's language wins over the browser's, and the
// schema.org data passes the shell's Content-Security-Policy.
import { expect, test } from './flow-recorder.ts';

const SITE = 'Coach Rivera Fitness';

test.use({ locale: 'en-US' });

test('a challenge page at ?lang=es opens in Spanish for an English browser, its head intact and the policy unbroken', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  await page.goto('/challenge/30-day-shred?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Únete al Shred de 30 días' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // A challenge path keeps the trainer's name as its title (spec).
  await expect(page).toHaveTitle(SITE);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/challenge\/30-day-shred\?lang=es$/,
  );
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  expect(data).toMatchObject({ '@type': 'Product', offers: [{ price: '49.00', priceCurrency: 'USD' }] });
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  expect(refused).toEqual([]);
});

test('the preview picture of Home is the hero drawing cut to 1200×630', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(`Home | ${SITE}`);
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  const res = await request.get(image ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/svg+xml');
  await page.goto(image ?? '');
  const size = await page.evaluate(() => {
    const svg = document.documentElement.getBoundingClientRect();
    return [svg.width, svg.height];
  });
  expect(size).toEqual([1200, 630]);
});
