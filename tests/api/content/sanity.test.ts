// The Sanity source against a local stub of Sanity's query API: nothing leaves the machine.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContentService } from '../../../server/content/content-service.ts';
import { COURSE_QUERY, SETTINGS_QUERY } from '../../../server/content/queries.ts';
import { createSanitySource } from '../../../server/content/sanity-source.ts';

let server: Server;
let apiHost: string;
let requests: IncomingMessage[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

function source() {
  return createSanitySource({ projectId: 'abc123', dataset: 'production', token: 'read-token', apiHost });
}

describe('the Sanity content source', () => {
  it("reads a course by its product's slug, its downloads on Sanity's file CDN", async () => {
    const hash = 'f'.repeat(40);
    const lesson = {
      _key: 'l1',
      title: { en: 'Welcome', es: 'Bienvenida' },
      body: { en: [] },
      files: [{ _key: 'f1', title: { en: 'Log' }, file: { asset: { _ref: `file-${hash}-pdf` } } }],
    };
    answer = {
      status: 200,
      body: {
        ms: 1,
        query: COURSE_QUERY,
        result: {
          product: 'strength-foundations',
          title: { en: 'Strength' },
          drip: 'weekly',
          modules: [{ _key: 'm1', title: { en: 'Start' }, lessons: [lesson] }],
        },
      },
    };
    const course = await createContentService(source()).course('strength-foundations', 'es');
    expect(course?.modules[0]?.lessons[0]).toMatchObject({
      number: 1,
      title: 'Bienvenida',
      files: [
        { title: 'Log', url: `https://cdn.sanity.io/files/abc123/production/${hash}.pdf`, extension: 'pdf' },
      ],
    });
    const url = new URL(requests[0]?.url ?? '', apiHost);
    expect(url.searchParams.get('query')).toBe(COURSE_QUERY);
    expect(url.searchParams.get('$product')).toBe('"strength-foundations"');
  });

  it('queries dataset production on API version 2023-05-03 with the read token', async () => {
    answer = {
      status: 200,
      body: {
        ms: 1,
        query: SETTINGS_QUERY,
        result: {
          siteName: 'From Sanity',
          icon: { _type: 'image', asset: { _ref: 'image-abc-10x20-png' } },
          primaryColor: { hex: '#123456' },
        },
      },
    };
    const settings = await createContentService(source()).settings();
    expect(settings).toMatchObject({
      siteName: 'From Sanity',
      icon: { url: 'https://cdn.sanity.io/images/abc123/production/abc-10x20.png', width: 10, height: 20 },
      primaryColor: { hex: '#123456' },
      showFooter: true,
    });
    const request = requests[0];
    const url = new URL(request?.url ?? '', apiHost);
    expect(url.pathname).toBe('/v2023-05-03/data/query/production');
    expect(url.searchParams.get('query')).toBe(SETTINGS_QUERY);
    // With a token and this API version, Sanity would otherwise answer drafts beside published documents.
    expect(url.searchParams.get('perspective')).toBe('published');
    expect(request?.headers.authorization).toBe('Bearer read-token');
  });

  it('passes the page slug as a GROQ parameter', async () => {
    answer = { status: 200, body: { ms: 1, result: { slug: 'about', pageName: 'About', body: [] } } };
    const page = await createContentService(source()).page('about');
    expect(page).toEqual({ slug: 'about', pageName: 'About', body: [] });
    expect(new URL(requests[0]?.url ?? '', apiHost).searchParams.get('$slug')).toBe('"about"');
  });

  it.each([
    [403, 'The CMS answered 403'],
    [500, 'The CMS answered 500'],
  ])('turns a %i from Sanity into a clear error', async (status, message) => {
    answer = { status, body: { error: 'Denied', message: 'token lacks access' } };
    await expect(createContentService(source()).settings()).rejects.toThrow(message);
  });

  it('caches the settings between page loads', async () => {
    answer = { status: 200, body: { ms: 1, result: { siteName: 'Cached' } } };
    const service = createContentService(source());
    await service.settings();
    await service.settings();
    expect(requests).toHaveLength(1);
  });
});
