// A rendered page does not move while it loads (CLS): its first frame is the whole page, not the part
// of its HTML that has arrived. A slow network hands the browser the HTML in pieces, and the browser
// paints what it has parsed so far; the footer, held at the bottom of a short page's screen, then grew
// upward as the rest of it was parsed (148 px on /support, Lighthouse's CLS 0.053 on mobile). The
// page is loaded here through a proxy that streams each HTML answer in small pieces with a pause
// between them, the same every run, and every layout shift the browser reports is collected.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './flow-recorder.ts';

/** The public pages the server renders; /support is a content page shorter than a screen. */
export const STABLE_PAGES = ['/', '/challenge/30-day-shred', '/support', '/about'] as const;

const PIECE_BYTES = 1024;
const PAUSE_MS = 25;

/** A proxy to `target` that sends HTML answers in pieces (uncompressed) and the rest as they come. */
function streamingProxy(target: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    try {
      const answer = await fetch(new URL(request.url ?? '/', target), {
        headers: {
          'accept-language': request.headers['accept-language'] ?? 'en',
          cookie: request.headers.cookie ?? '',
          'accept-encoding': 'identity',
        },
        redirect: 'manual',
      });
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value;
      });
      response.writeHead(answer.status, headers);
      const body = Buffer.from(await answer.arrayBuffer());
      if (!(answer.headers.get('content-type') ?? '').includes('text/html')) {
        response.end(body);
        return;
      }
      for (let at = 0; at < body.length; at += PIECE_BYTES) {
        response.write(body.subarray(at, at + PIECE_BYTES));
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
      response.end();
    } catch (error) {
      response.destroy(error as Error);
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Shift {
  value: number;
  moved: string[];
}

/** Every layout shift of the page from its first frame until `settleMs` after its load event. */
async function shiftsWhileLoading(page: Page, url: string, settleMs = 1_500): Promise<Shift[]> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.getAttribute('data-testid') ?? node.getAttribute('aria-label') ?? node.className;
      return `${node.nodeName} ${String(id).slice(0, 60)}`;
    };
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        shifts.push({
          value: entry.value,
          moved: entry.sources.map(
            (source) =>
              `${describe(source.node)} from y ${Math.round(source.previousRect.y)} to ${Math.round(source.currentRect.y)}` +
              ` at ${Math.round(entry.startTime)} ms`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

/**
 * The classes of Mantine's components (`m_` and a hash) and of the app's CSS modules (`_name_hash_n`)
 * that the page's elements carry and no rule of the page's stylesheets names: components drawn bare
 * until a later stylesheet styles them (and moves them).
 */
function unstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    const named = new Set(
      selectors
        .join(' ')
        .match(/\.[\w-]+/g)
        ?.map((name) => name.slice(1)),
    );
    const used = new Set(
      [...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]),
    );
    return [...used].filter((name) => /^(m_[0-9a-f]+|_\w+_[0-9a-z]+_\d+)$/.test(name) && !named.has(name));
  });
}

/**
 * The tests: each rendered page links the styles of all it draws, and, streamed slowly, shows no
 * layout shift.
 */
export function describeLayoutStability(): void {
  test.describe('before any script', () => {
    test.use({ javaScriptEnabled: false });
    for (const path of STABLE_PAGES) {
      test(`${path} links the styles of every component it draws`, async ({ page }) => {
        await page.goto(path);
        expect(await unstyledClasses(page)).toEqual([]);
      });
    }
  });

  let proxy: Server;
  let proxyBase = '';
  test.beforeAll(async ({ baseURL }) => {
    proxy = await streamingProxy(baseURL ?? '');
    proxyBase = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  for (const path of STABLE_PAGES) {
    test(`${path} paints whole: nothing moves while its HTML arrives in pieces`, async ({ page }) => {
      const shifts = await shiftsWhileLoading(page, `${proxyBase}${path}`);
      expect(shifts).toEqual([]);
    });
  }
}
