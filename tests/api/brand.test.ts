// The moments around the money in the site's brand (decisions 148 and 149): the sandbox's hosted
// pages carry the CMS's site name, icon and primary colour, state every amount of a page in one
// format, and the emails' HTML parts carry the brand and a button to the very link their text gives.
// The site is a copy of the demo dataset with a name and colours of the test's own, so nothing here
// can pass on the demo's defaults.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { billingDriver } from './hosted-pages.ts';
import { lastMailTo, mailbox, register } from './members.ts';

const SITE_NAME = 'Studio Nueve';
/** Reads at 7.5:1 under white text: the pages must use it as it is. */
const VIOLET = '#5f3dc4';
/** Reads at 3.6:1 under white text: the pages must darken it until white text reads on it. */
const ORANGE = '#e8590c';

/** WCAG 2's contrast ratio, written here from the definition, not taken from the code under test. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

async function siteWith(primary: string): Promise<{ app: TestApp; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'brand-content-'));
  await cp('content', dir, { recursive: true });
  const file = path.join(dir, 'production.ndjson');
  const docs = (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .map((doc) =>
      doc._type === 'settings'
        ? {
            ...doc,
            siteName: SITE_NAME,
            primaryColor: { _type: 'color', hex: primary, alpha: 1 },
          }
        : doc,
    );
  await writeFile(file, `${docs.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
  return { app: await startTestApp({ env: { CONTENT_DIR: dir } }), dir };
}

let violet: { app: TestApp; dir: string };
let orange: { app: TestApp; dir: string };

beforeAll(async () => {
  violet = await siteWith(VIOLET);
  orange = await siteWith(ORANGE);
});
afterAll(async () => {
  for (const site of [violet, orange]) {
    await site.app.close();
    await rm(site.dir, { recursive: true, force: true });
  }
});

const brandOf = (html: string) => /--brand:(#[0-9a-f]{6})/.exec(html)?.[1] ?? '';

describe('the hosted checkout page in the brand', () => {
  it('carries the site name, its icon and its primary colour, the pay button filled with it', async () => {
    const driver = billingDriver(() => violet.app);
    const member = await createMember(violet.app.context, { hadTrial: true });
    const page = await violet.app.app.inject({
      method: 'GET',
      url: await driver.start(member, ['demo-trainer-price-monthly']),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<span id="site-name">${SITE_NAME}</span>`);
    expect(page.body).toContain(`<title>Secure checkout (sandbox) · ${SITE_NAME}</title>`);
    // The demo dataset's icon, served by this site.
    expect(page.body).toMatch(/<img src="http:\/\/site\.test\/content-assets\/[^"]+\.svg"/);
    expect(brandOf(page.body)).toBe(VIOLET);
    expect(page.body).toMatch(/<button type="submit" class="primary wide">Pay \$29\.99<\/button>/);
    expect(page.body).toContain('button.primary{background:var(--brand)');
    // Stripe's cues: the test-mode badge, the card networks, the secure-payment line.
    expect(page.body).toContain('<span class="badge">Test mode</span>');
    for (const network of ['Visa', 'Mastercard', 'American Express']) {
      expect(page.body).toContain(`aria-label="${network}"`);
    }
    expect(page.body).toContain('Payments are processed securely.');
  });

  it('darkens a primary colour white text cannot be read on, only as far as 4.5:1', async () => {
    const driver = billingDriver(() => orange.app);
    const member = await createMember(orange.app.context, { locale: 'es' });
    const page = await orange.app.app.inject({
      method: 'GET',
      url: await driver.start(member, ['demo-trainer-price-challenge']),
    });
    const brand = brandOf(page.body);
    expect(contrast(ORANGE, '#ffffff')).toBeLessThan(4.5);
    expect(contrast(brand, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Darkened by the smallest step that reaches AA (2% towards black), so still the brand's orange.
    expect(contrast(brand, '#ffffff')).toBeLessThan(4.8);
    expect(page.body).toContain('<span class="badge">Modo de prueba</span>');
    expect(page.body).toContain(`<span id="site-name">${SITE_NAME}</span>`);
  });
});

describe('the hosted pages state their amounts in one format', () => {
  /** Every amount the order summary's column shows, as text. */
  const column = (html: string) => [...html.matchAll(/class="amount"[^>]*>([^<]*)</g)].map((m) => m[1] ?? '');

  it('a trial checkout: $29.99 per month beside a total of $0.00, never $0', async () => {
    const driver = billingDriver(() => violet.app);
    const member = await createMember(violet.app.context);
    const page = await violet.app.app.inject({
      method: 'GET',
      url: await driver.start(member, ['demo-trainer-price-monthly']),
    });
    expect(column(page.body)).toEqual(['Price', '$29.99 per month', '$0.00']);
    expect(page.body).toContain('<p class="due">$0.00</p>');
  });

  it('an annual checkout with WELCOME10: $249.99, −$25.00 (10% of $249.99, rounded to the cent), $224.99', async () => {
    const driver = billingDriver(() => violet.app);
    const member = await createMember(violet.app.context, { hadTrial: true });
    const page = await violet.app.app.inject({
      method: 'GET',
      url: await driver.start(member, ['demo-trainer-price-annual'], 'WELCOME10'),
    });
    // 24999 × 10% = 2499.9, charged as 2500: the figures, worked out by hand.
    expect(column(page.body)).toEqual(['Price', '$249.99 per year', '−$25.00', '$224.99']);
    expect(page.body).toContain('Pay $224.99</button>');
  });

  it('a change from Monthly to Annual: every figure of the column with its cents, the total as charged', async () => {
    const driver = billingDriver(() => violet.app);
    const member = await createMember(violet.app.context, { hadTrial: true });
    await driver.subscribe(member, 'demo-trainer-price-monthly');
    const page = await violet.app.app.inject({
      method: 'GET',
      url: await driver.start(member, ['demo-trainer-price-annual']),
    });
    const total = Number(/id="total" data-amount="(\d+)"/.exec(page.body)?.[1]);
    const credit = Number(/id="credit" data-amount="(\d+)"/.exec(page.body)?.[1]);
    expect(total).toBe(24999 - credit);
    const cents = (n: number) => `$${(n / 100).toFixed(2)}`;
    expect(page.body).toMatch(new RegExp(`id="total"[^>]*>\\${cents(total)}<`));
    expect(page.body).toMatch(new RegExp(`id="credit"[^>]*>−\\${cents(credit)}<`));
    expect(page.body).toContain('$29.99 per month');
    expect(page.body).toContain('$249.99 per year');
    for (const amount of column(page.body)) expect(amount).not.toMatch(/\$\d+(?![.,\d])/);
  });
});

describe('the emails in the brand', () => {
  it('carry the site name, its colour, and a button to the link their text part gives', async () => {
    const member = await register(violet.app.app, { enableEmailVerification: true });
    const { message } = await lastMailTo(violet.app.app, member.email);
    expect(message.subject).toBe(`${SITE_NAME}: verify your email`);
    const textLink = /^Verify my email: (\S+)$/m.exec(message.text)?.[1] ?? '';
    expect(textLink).toMatch(/^http:\/\/site\.test\//);
    const button = /<a href="([^"]+)"[^>]*background-color:([^;"]+)[^>]*>[\s\S]*?Verify my email/.exec(
      message.html,
    );
    expect(button?.[1]?.replaceAll('&amp;', '&')).toBe(textLink);
    expect(button?.[2]).toBe(VIOLET);
    expect(message.html).toContain(SITE_NAME);
    expect(message.html).toContain('<html dir="ltr" lang="en">');
    expect(message.html).toContain('prefers-color-scheme: dark');
  });

  it('are in Spanish for a Spanish member, with the same words as their text part', async () => {
    const member = await register(violet.app.app, { enableEmailVerification: true, locale: 'es' });
    const { message } = await lastMailTo(violet.app.app, member.email);
    expect(message.html).toContain('<html dir="ltr" lang="es">');
    for (const line of message.text.split('\n').filter((l) => l && !l.includes('http'))) {
      expect(message.html).toContain(line.replaceAll('&', '&amp;').replaceAll('"', '&quot;'));
    }
  });

  it('a receipt: its amount and its button as its text part states them', async () => {
    const driver = billingDriver(() => violet.app);
    const member = await createMember(violet.app.context, { hadTrial: true });
    await driver.subscribe(member, 'demo-trainer-price-monthly');
    const [receipt] = (await driver.mailTo(member)).filter((m) => m.subject.endsWith('your receipt'));
    expect(receipt?.text).toContain('Amount paid: $29.99');
    expect(receipt?.html).toContain('Amount paid: $29.99');
    const link = receipt?.links[0]?.url ?? '';
    expect(receipt?.text).toContain(`: ${link}`);
    expect(receipt?.html).toMatch(
      new RegExp(`<a href="${link.replaceAll('.', '\\.')}"[^>]*background-color:${VIOLET}`),
    );
  });

  it('the dev mailbox lists each message’s html beside its text, and shows it framed', async () => {
    const member = await register(violet.app.app, { enableEmailVerification: true });
    const message = (await mailbox(violet.app.app)).find((m) => m.to === member.email);
    expect(message?.text).toContain('Verify my email: ');
    expect(message?.html).toMatch(/^<!DOCTYPE html/);
    const page = await violet.app.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`<iframe src="/dev/mailbox/${message?.id}.html"`);
    const framed = await violet.app.app.inject({ method: 'GET', url: `/dev/mailbox/${message?.id}.html` });
    expect(framed.statusCode).toBe(200);
    expect(framed.body).toBe(message?.html);
    expect(String(framed.headers['content-security-policy'])).toContain("default-src 'none'");
    const missing = await violet.app.app.inject({ method: 'GET', url: '/dev/mailbox/mail_nope.html' });
    expect(missing.statusCode).toBe(404);
  });
});
