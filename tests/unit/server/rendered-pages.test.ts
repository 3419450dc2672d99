// The rendered pages' cache and markup rules (decisions 118, 124), without a server.
import { describe, expect, it } from 'vitest';
import type { PageRendererModule } from '../../../domain/rendered-page.ts';
import { MAX_RENDERED_PAGES, pageRenderer } from '../../../server/site/page-renderer.ts';
import {
  intoShell,
  NONCE_LENGTH,
  NONCE_SLOT,
  newNonce,
  styleAttributesToRules,
  withNonceSlots,
} from '../../../server/site/rendered-markup.ts';
import { aUser } from '../../factories.ts';

const SHELL = '<html lang="en"><body><div id="root"></div></body></html>';
/** A build's manifest naming the rendered pages' loader. */
const MANIFEST = {
  'src/hydration/start.ts': { file: 'assets/start.js', src: 'src/hydration/start.ts', isEntry: true },
};
/** A renderer's options over that build: a minute's cache, no API behind it. */
const OPTIONS = {
  distDir: '',
  manifest: MANIFEST,
  ttlMs: 60_000,
  getJson: async () => ({ status: 200, body: null }),
};
const shell = async () => SHELL;
const quiet = { warn: () => {} };

function counting(html = '<p>page</p>') {
  const urls: string[] = [];
  const module: PageRendererModule = {
    renderPage: async ({ url, locale, member }) => {
      urls.push(`${locale} ${url}${member ? ` for ${member.profile.name}` : ''}`);
      return {
        html: member ? html.replace('page', member.profile.name) : html,
        data: {
          locale,
          route: 'Privacy',
          member: member ?? null,
          queries: [],
          clock: { year: 2026, promoBanner: false },
        },
      };
    },
  };
  return { module, urls };
}

describe('the rendered pages cache', () => {
  it("keeps a page for the content cache's time, then renders it again", async () => {
    const { module, urls } = counting();
    let now = 0;
    const pages = pageRenderer(module, { ...OPTIONS, now: () => now });
    const page = { url: '/privacy', locale: 'en' as const, settings: null };
    await pages.page(page, shell, quiet);
    now = 59_999;
    await pages.page(page, shell, quiet);
    expect(urls).toEqual(['en /privacy']);
    now = 60_000;
    await pages.page(page, shell, quiet);
    expect(urls).toEqual(['en /privacy', 'en /privacy']);
  });

  it('renders again when the settings are not the ones the page was kept with', async () => {
    const { module, urls } = counting();
    const pages = pageRenderer(module, { ...OPTIONS, now: () => 0 });
    const settings = { siteName: 'A' };
    await pages.page({ url: '/', locale: 'en', settings }, shell, quiet);
    await pages.page({ url: '/', locale: 'en', settings }, shell, quiet);
    expect(urls).toEqual(['en /']);
    await pages.page({ url: '/', locale: 'en', settings: { siteName: 'A' } }, shell, quiet);
    expect(urls).toEqual(['en /', 'en /']);
  });

  it('keeps the whole page, shell and markup, its nonce slots left for each response', async () => {
    const { module } = counting('<p>page</p><style>a{}</style>');
    const pages = pageRenderer(module, OPTIONS);
    const withMeta = async () =>
      `<html lang="en"><head><meta property="csp-nonce" nonce="${NONCE_SLOT}" /></head><body><div id="root"></div></body></html>`;
    const kept = await pages.page({ url: '/', locale: 'es', settings: null }, withMeta, quiet);
    const html = kept?.html('QUJDREVGR0hJSktMTU5PUFFS').toString() ?? '';
    expect(html).toMatch(
      /^<html lang="es"><head><meta property="csp-nonce" nonce="QUJDREVGR0hJSktMTU5PUFFS" \/><link rel="expect" href="#rendered-page" blocking="render" \/><\/head>/,
    );
    expect(html).toContain(
      '<div id="root"><p>page</p><style nonce="QUJDREVGR0hJSktMTU5PUFFS">a{}</style></div>',
    );
    expect(html).not.toContain(NONCE_SLOT);
  });

  it('keeps no page for an address it does not render, nor for a shell without a root', async () => {
    const none: PageRendererModule = { renderPage: async () => null };
    expect(
      await pageRenderer(none, OPTIONS).page({ url: '/profile', locale: 'en', settings: null }, shell, quiet),
    ).toBeNull();
    const { module } = counting();
    const rootless = async () => '<html lang="en"><body><div id="app"></div></body></html>';
    expect(
      await pageRenderer(module, OPTIONS).page({ url: '/', locale: 'en', settings: null }, rootless, quiet),
    ).toBeNull();
  });

  it('renders again at once once told the catalogue changed', async () => {
    const { module, urls } = counting();
    const pages = pageRenderer(module, { ...OPTIONS, now: () => 0 });
    const page = { url: '/', locale: 'en' as const, settings: null };
    await pages.page(page, shell, quiet);
    pages.forget();
    await pages.page(page, shell, quiet);
    expect(urls).toEqual(['en /', 'en /']);
  });

  it("renders a member's page each time for them, keeps none, and leaves the visitor's page kept", async () => {
    const { module, urls } = counting();
    const pages = pageRenderer(module, { ...OPTIONS, now: () => 0 });
    const page = { url: '/', locale: 'en' as const, settings: null };
    const { token: _token, ...ana } = aUser({ profile: { name: 'Ana' } });
    await pages.page(page, shell, quiet);
    const first = await pages.memberPage(page, ana, shell, quiet);
    await pages.memberPage(page, ana, shell, quiet);
    await pages.page(page, shell, quiet);
    expect(urls).toEqual(['en /', 'en / for Ana', 'en / for Ana']);
    expect(first).toContain('<p>Ana</p>');
    expect(pages.size()).toBe(1);
  });

  it('holds no more than its bound of addresses, dropping the oldest', async () => {
    const { module } = counting();
    const pages = pageRenderer(module, OPTIONS);
    for (let i = 0; i < MAX_RENDERED_PAGES + 5; i++) {
      await pages.page({ url: `/page-${i}`, locale: 'en', settings: null }, shell, quiet);
    }
    expect(pages.size()).toBe(MAX_RENDERED_PAGES);
  });
});

describe("a response's nonce", () => {
  it('is base64 of NONCE_LENGTH characters, never the same twice, past the random draws', () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).toHaveLength(NONCE_LENGTH);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe('the rendered markup', () => {
  it('turns style attributes into rules, their entities read back, alike ones shared', () => {
    const { html, css } = styleAttributesToRules(
      '<a style="font-family:&quot;A&quot;"></a><b style="width:1px"></b><i style="width:1px"></i>',
    );
    expect(html).toBe(
      '<a data-rendered-style="0"></a><b data-rendered-style="1"></b><i data-rendered-style="1"></i>',
    );
    expect(css).toBe(
      '#root [data-rendered-style="0"]{font-family:"A"}#root [data-rendered-style="1"]{width:1px}',
    );
  });

  it('drops a declaration that could end its style element', () => {
    expect(styleAttributesToRules('<a style="x:&lt;/style&gt;"></a>').css).toBe('');
  });

  it('gives every style element the nonce slot once', () => {
    expect(withNonceSlots('<style>a{}</style><style data-x="1">b{}</style>')).toBe(
      '<style nonce="rendered-page-nonce">a{}</style><style nonce="rendered-page-nonce" data-x="1">b{}</style>',
    );
  });

  it("names one script before a rendered page's first paint, which asks for the rest after it", () => {
    const template = [
      '<html lang="en"><head><script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/framework.js">',
      '</head><body><div id="root"></div></body></html>',
    ].join('');
    const markup = '<link rel="modulepreload" crossorigin href="/assets/hydrate.js" /><div id="root"></div>';
    const filled = intoShell(template, markup, 'en', 'assets/start.js');
    expect(filled).toBe(
      [
        '<html lang="en"><head><script type="module" fetchpriority="low" crossorigin src="/assets/start.js"',
        ' data-entry="/assets/index.js" data-modules="/assets/framework.js /assets/hydrate.js"></script>',
        // The first frame waits for the page's data block, after its root: the whole page.
        '<link rel="expect" href="#rendered-page" blocking="render" />',
        '</head><body><div id="root"></div></body></html>',
      ].join(''),
    );
    const member = template.replace('<div id="root"></div>', '<div id="app"></div>');
    expect(intoShell(member, markup, 'en', 'assets/start.js')).toBeNull();
  });

  it('renders nothing with a build that has no loader for its pages', () => {
    expect(() => pageRenderer(counting().module, { ...OPTIONS, manifest: {} })).toThrow(
      /src\/hydration\/start\.ts/,
    );
  });

  it("puts the page in the root as it is, a `$` in its text included, and the page's language on html", () => {
    const filled = intoShell(SHELL, '<div id="root"><p>$& costs $5</p></div>', 'es', 'assets/start.js');
    expect(filled).toBe('<html lang="es"><body><div id="root"><p>$& costs $5</p></div></body></html>');
  });
});
