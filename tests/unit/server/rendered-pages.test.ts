// The rendered pages' cache and markup rules (decision 118), without a server.
import { describe, expect, it } from 'vitest';
import type { PageRendererModule } from '../../../domain/rendered-page.ts';
import { MAX_RENDERED_PAGES, pageRenderer } from '../../../server/site/page-renderer.ts';
import { intoShell, styleAttributesToRules, withNonceSlots } from '../../../server/site/rendered-markup.ts';

const SHELL = '<html lang="en"><body><div id="root"></div></body></html>';
/** A build's manifest naming the rendered pages' loader. */
const MANIFEST = {
  'src/hydration/start.ts': { file: 'assets/start.js', src: 'src/hydration/start.ts', isEntry: true },
};
const quiet = { warn: () => {} };

function counting(html = '<p>page</p>') {
  const urls: string[] = [];
  const module: PageRendererModule = {
    renderPage: async ({ url, locale }) => {
      urls.push(`${locale} ${url}`);
      return {
        html,
        data: { locale, route: 'Privacy', queries: [], clock: { year: 2026, promoBanner: false } },
      };
    },
  };
  return { module, urls };
}

describe('the rendered pages cache', () => {
  it("keeps a page for the content cache's time, then renders it again", async () => {
    const { module, urls } = counting();
    let now = 0;
    const pages = pageRenderer(module, {
      distDir: '',
      manifest: MANIFEST,
      ttlMs: 60_000,
      getJson: async () => ({ status: 200, body: null }),
      now: () => now,
    });
    const page = { url: '/privacy', locale: 'en' as const, settings: null, nonce: 'n1' };
    await pages.fill(SHELL, page, quiet);
    now = 59_999;
    await pages.fill(SHELL, { ...page, nonce: 'n2' }, quiet);
    expect(urls).toEqual(['en /privacy']);
    now = 60_000;
    await pages.fill(SHELL, page, quiet);
    expect(urls).toEqual(['en /privacy', 'en /privacy']);
  });

  it('renders again at once once told the catalogue changed', async () => {
    const { module, urls } = counting();
    const pages = pageRenderer(module, {
      distDir: '',
      manifest: MANIFEST,
      ttlMs: 60_000,
      getJson: async () => ({ status: 200, body: null }),
      now: () => 0,
    });
    const page = { url: '/', locale: 'en' as const, settings: null, nonce: 'n' };
    await pages.fill(SHELL, page, quiet);
    pages.forget();
    await pages.fill(SHELL, page, quiet);
    expect(urls).toEqual(['en /', 'en /']);
  });

  it('holds no more than its bound of addresses, dropping the oldest', async () => {
    const { module } = counting();
    const pages = pageRenderer(module, {
      distDir: '',
      manifest: MANIFEST,
      ttlMs: 60_000,
      getJson: async () => ({ status: 200, body: null }),
    });
    for (let i = 0; i < MAX_RENDERED_PAGES + 5; i++) {
      await pages.fill(SHELL, { url: `/page-${i}`, locale: 'en', settings: null, nonce: 'n' }, quiet);
    }
    expect(pages.size()).toBe(MAX_RENDERED_PAGES);
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
    const shell = [
      '<html lang="en"><head><script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/framework.js">',
      '<link rel="preload" as="fetch" href="/api/trainer/t/products" crossorigin="anonymous" />',
      '</head><body><div id="root"></div></body></html>',
    ].join('');
    const markup = '<link rel="modulepreload" crossorigin href="/assets/hydrate.js" /><div id="root"></div>';
    const filled = intoShell(shell, markup, 'n', 'en', 'assets/start.js');
    expect(filled).toBe(
      [
        '<html lang="en"><head><script type="module" fetchpriority="low" crossorigin src="/assets/start.js"',
        ' data-entry="/assets/index.js" data-modules="/assets/framework.js /assets/hydrate.js"></script>',
        '</head><body><div id="root"></div></body></html>',
      ].join(''),
    );
    const member = shell.replace('<div id="root"></div>', '<div id="app"></div>');
    expect(intoShell(member, markup, 'n', 'en', 'assets/start.js')).toBe(member);
  });

  it('renders nothing with a build that has no loader for its pages', () => {
    expect(() =>
      pageRenderer(counting().module, {
        distDir: '',
        manifest: {},
        ttlMs: 60_000,
        getJson: async () => ({ status: 200, body: null }),
      }),
    ).toThrow(/src\/hydration\/start\.ts/);
  });

  it("puts the page in the root as it is, a `$` in its text included, and the page's language on html", () => {
    const filled = intoShell(
      SHELL,
      '<div id="root"><p>$& costs $5</p></div>',
      'abc',
      'es',
      'assets/start.js',
    );
    expect(filled).toBe('<html lang="es"><body><div id="root"><p>$& costs $5</p></div></body></html>');
  });
});
