import type { Page } from '@playwright/test';
import { expect, test } from './flow-recorder.ts';
import { expectPicture, openCountingShifts } from './product-pages.ts';

const SITE = 'Coach Rivera Fitness';

const navBar = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('branding from the CMS', () => {
  test.use({ javaScriptEnabled: false });

  test('the branded title, favicon and theme colour are in the HTML before any script runs', async ({
    page,
  }) => {
    await page.goto('/');
    // The spec's title for Home, written by the server (decision 119).
    await expect(page).toHaveTitle(`Home | ${SITE}`);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/content-assets\/.+\.svg$/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#e8590c');
  });
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('home shows the brand, the banner, the navigation bar and the footer', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page).toHaveTitle(`Home | ${SITE}`);
    await expect(navBar(page).getByRole('link', { name: new RegExp(SITE) })).toBeVisible();
    await expect(navBar(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(navBar(page).getByRole('button', { name: 'Signup' })).toBeVisible();
    await expect(page.getByTestId('promo-banner').getByRole('button', { name: 'Go' })).toBeVisible();
    await expect(
      footer(page).getByText(`© ${new Date().getFullYear()} ${SITE}. All rights reserved.`),
    ).toBeVisible();
    // The strict Content-Security-Policy of the shell reports any violation as a console error.
    expect(errors).toEqual([]);
  });

  test('the signup modal, the plans and the content pages render under the style nonce alone', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const csp = (await page.goto('/'))?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(csp).not.toContain('unsafe-inline');
    await navBar(page).getByRole('button', { name: 'Signup' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goto('/?openModal=true&step=3');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Coach Rivera' })).toBeVisible();
    // Mantine's theme variables arrive in a style element carrying the nonce.
    const nonced = await page.evaluate(
      () => [...document.querySelectorAll('style')].filter((s) => s.nonce).length,
    );
    expect(nonced).toBeGreaterThan(0);
    expect(refused).toEqual([]);
  });

  for (const [path, heading] of [
    ['/about', 'About Coach Rivera'],
    ['/privacy', 'Privacy Policy'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/tos', 'Terms of Use'],
    ['/terms-of-use', 'Terms of Use'],
  ] as const) {
    test(`${path} shows the CMS page "${heading}" titled by its name`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} | ${SITE}`);
    });
  }

  test("/about names the page once: the body's opening heading that repeats it is left out", async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Coach Rivera' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Ten years of coaching', { exact: false })).toBeVisible();
    await expect(page.getByRole('main').getByText('About Coach Rivera', { exact: true })).toHaveCount(1);
  });

  test('an unknown content page says so and the site still renders', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('We could not find this page.')).toBeVisible();
    await expect(footer(page)).toBeVisible();
  });

  test("the footer's links lead to privacy, terms, support and the social networks", async ({ page }) => {
    await page.goto('/');
    await expect(footer(page).getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      'mailto:support@coachrivera.example',
    );
    await expect(footer(page).getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/coachrivera',
    );
    await expect(footer(page).getByRole('link', { name: 'Twitter' })).toHaveCount(0);
    await footer(page).getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await footer(page).getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/tos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  });

  test('the language switch turns the site Spanish and keeps the choice', async ({ page }) => {
    await page.goto('/privacy');
    await footer(page).getByRole('button', { name: 'Español' }).click();
    await expect(navBar(page).getByRole('button', { name: 'Registrarse' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.goto('/');
    await expect(navBar(page).getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page).toHaveTitle(`Inicio | ${SITE}`);
    // After the reload the switch marks the saved choice, not English.
    await expect(footer(page).getByRole('button', { name: 'Español' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(footer(page).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

test.describe('in Spanish through Accept-Language', () => {
  test.use({ locale: 'es-MX' });

  test('home, a content page, privacy and terms speak Spanish', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ponte más fuerte con el Coach Rivera' }),
    ).toBeVisible();
    await expect(footer(page).getByRole('button', { name: 'Español' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('promo-banner').getByRole('button', { name: 'Ir' })).toBeVisible();
    // The trainer's own texts come in Spanish where the CMS has them.
    await expect(page.getByTestId('promo-banner')).toContainText('Oferta de año nuevo');
    for (const [path, heading] of [
      ['/about', 'Sobre Coach Rivera'],
      ['/privacy-policy', 'Política de privacidad'],
      ['/terms-of-use', 'Términos de uso'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(footer(page).getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
      await expect(footer(page).getByRole('link', { name: 'Términos de uso' })).toBeVisible();
    }
  });

  test("/about names the page once in Spanish: the body's opening heading is left out", async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Sobre Coach Rivera' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Diez años entrenando', { exact: false })).toBeVisible();
    await expect(page.getByRole('main').getByText('Sobre Coach Rivera', { exact: true })).toHaveCount(1);
  });
});

test.describe('promo banner', () => {
  test('shows inside its dates', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2030-06-01T12:00:00Z'));
    await page.goto('/');
    await expect(page.getByTestId('promo-banner')).toContainText('New year offer');
  });

  test('is hidden before and after its dates', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2036-01-01T00:00:00Z'));
    await page.goto('/');
    await expect(navBar(page)).toBeVisible();
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);
    await page.clock.setFixedTime(new Date('2024-12-31T00:00:00Z'));
    await page.reload();
    await expect(navBar(page)).toBeVisible();
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);
  });
});

test('the navigation bar shows or hides on every route', async ({ page }) => {
  const routes: [string, boolean][] = [
    ['/', true],
    ['/about', true],
    ['/privacy', true],
    ['/privacy-policy', true],
    ['/tos', true],
    ['/terms-of-use', true],
    ['/profile', true],
    ['/email-verified', true],
    ['/reset-password', true],
    ['/challenge', false],
    ['/challenge/30-day-shred', false],
    ['/course/strength-foundations', false],
    ['/confirmation', false],
    ['/challenge/confirmation', false],
    ['/challenge/30-day-shred/confirmation', false],
    ['/course/strength-foundations/confirmation', false],
  ];
  for (const [path, shown] of routes) {
    await page.goto(path);
    await expect(page.locator('main')).not.toBeEmpty();
    await expect(navBar(page), `navigation bar on ${path}`).toHaveCount(shown ? 1 : 0);
  }
});

test('a challenge path sends an analytics page view and keeps the title', async ({ page }) => {
  // With no analytics vendor configured, the page's events go to the dev collector.
  const pageView = page.waitForRequest(
    (request) =>
      request.url().endsWith('/dev/events/analytics') && request.postDataJSON()?.name === 'page_view',
  );
  await page.goto('/challenge/30-day-shred');
  await expect(page.locator('main')).not.toBeEmpty();
  expect((await pageView).postDataJSON()).toEqual({
    name: 'page_view',
    params: { path: '/challenge/30-day-shred' },
  });
  await expect(page).toHaveTitle(SITE);
});

test('scroll position is restored on back navigation and reset otherwise', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 300 });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await footer(page).getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'About Coach Rivera' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test("switching the language brings the trainer's texts in that language", async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Coach Rivera' })).toBeVisible();
  await footer(page).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre Coach Rivera' })).toBeVisible();
  await expect(page.getByTestId('promo-banner')).toContainText('Oferta de año nuevo');
  await footer(page).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Coach Rivera' })).toBeVisible();
});

test.describe('a product page', () => {
  for (const [path, heading, name] of [
    ['/challenge/30-day-shred', 'Join the 30-Day Shred', '30-Day Shred'],
    ['/course/strength-foundations', 'Strength Foundations', 'Strength Foundations'],
  ] as const) {
    test(`${path} shows its picture beside the offer, and nothing moves while it loads`, async ({ page }) => {
      const shifted = await openCountingShifts(page, path);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      await expectPicture(page, name);
      // Side by side at 1280 px: the offer on the left, the picture on the right, level with it.
      const [offer, picture] = [
        await title.boundingBox(),
        await page.getByRole('img', { name }).boundingBox(),
      ];
      expect(offer && picture && offer.x + offer.width <= picture.x).toBe(true);
      // "Good" CLS is under 0.1; a held frame leaves nothing but sub-pixel rounding.
      expect(await shifted()).toBeLessThan(0.01);
    });
  }
});
