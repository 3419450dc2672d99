import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../app.ts';
import { expectContract } from '../contract.ts';

describe('content from the embedded CMS dataset', () => {
  let app: FastifyInstance;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close: stop } = await startTestApp());
  });
  afterAll(async () => {
    await stop();
  });

  it('answers the site settings with every field of the spec', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/content/settings' });
    expect(res.statusCode).toBe(200);
    const { settings } = expectContract(res, 'getSiteSettings') as { settings: Record<string, unknown> };
    expect(settings).toMatchObject({
      siteName: 'Coach Rivera Fitness',
      primaryColor: { hex: '#e8590c', rgb: { r: 232, g: 89, b: 12 } },
      secondaryColor: { hex: '#1c7ed6' },
      supportEmail: 'support@coachrivera.example',
      showFooter: true,
      enableEmailVerification: true,
      promoCode: { promoCode: 'WELCOME10' },
      banner: { bannerTitle: expect.any(String), promoStartDate: expect.any(String) },
      newCheckout: { subscriptionButtonText: 'Checkout', checkoutImage: { url: expect.any(String) } },
    });
    for (const key of ['instagramUrl', 'facebookUrl', 'twitterUrl', 'youtubeUrl', 'icon', 'favicon']) {
      expect(settings).toHaveProperty(key);
    }
  });

  it('resolves image references to served assets with their size, crop and hotspot', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/content/settings' });
    const icon = res.json().settings.icon;
    expect(icon).toMatchObject({ width: 64, height: 64, hotspot: { x: 0.5, y: 0.5 } });
    expect(icon.url).toMatch(/^\/content-assets\/[0-9a-f]+-64x64\.svg$/);
    const asset = await app.inject({ method: 'GET', url: icon.url });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/svg/);
    expect(asset.body).toContain('<svg');
  });

  it('answers a missing asset with a JSON 404, not the HTML shell', async () => {
    const res = await app.inject({ method: 'GET', url: '/content-assets/nope-1x1.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it.each([
    ['privacy', 'Privacy Policy'],
    ['terms', 'Terms of Use'],
    ['about', 'About Coach Rivera'],
  ])('answers the %s page with its name and a Portable Text body', async (slug, pageName) => {
    const res = await app.inject({ method: 'GET', url: `/api/content/pages/${slug}` });
    expect(res.statusCode).toBe(200);
    const { page } = expectContract(res, 'getContentPage') as {
      page: { slug: string; pageName: string; body: { _type: string }[] };
    };
    expect(page.slug).toBe(slug);
    expect(page.pageName).toBe(pageName);
    expect(page.body.length).toBeGreaterThan(0);
    expect(page.body.every((b) => typeof b._type === 'string')).toBe(true);
  });

  it('gives image blocks of a body their URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/content/pages/about' });
    const image = res.json().page.body.find((b: { _type: string }) => b._type === 'image');
    expect(image.image.url).toMatch(/^\/content-assets\/[0-9a-f]+-800x400\.svg$/);
  });

  it('answers an unknown page with a 404 that names it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/content/pages/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(expectContract(res, 'getContentPage')).toEqual({
      success: false,
      message: 'No content page named "no-such-page"',
    });
  });

  it('refuses an over-long slug with a 4xx and a message, never a 500', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/content/pages/${'a'.repeat(201)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('accepts a slug of the 200 characters the contract allows', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/content/pages/${'a'.repeat(200)}` });
    expect(res.statusCode).toBe(404);
    expectContract(res, 'getContentPage');
  });

  it('takes a GROQ-looking slug as a plain parameter', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/content/pages/${encodeURIComponent('" || true || "')}`,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('a broken embedded dataset', () => {
  let app: FastifyInstance;
  let stop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'content-'));
    writeFileSync(path.join(dir, 'production.ndjson'), '{"_id":"settings","_type":"settings"}\n{oops\n');
    ({ app, close: stop } = await startTestApp({ env: { CONTENT_DIR: dir } }));
  });
  afterAll(async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('becomes a 502 with a message that says what is wrong', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/content/settings' });
    expect(res.statusCode).toBe(502);
    expect(expectContract(res, 'getSiteSettings')).toEqual({
      success: false,
      message: 'The local CMS dataset has invalid JSON on line 2',
    });
  });
});
