// What a page the server rendered looks like before any of the app's scripts has run, without
// JavaScript or with the scripts still on their way: every button readable (WCAG 1.4.3, 4.5:1) and
// the keyboard's focus ring drawn (WCAG 2.4.7). The contrast is computed here from the browser's
// computed colours, with WCAG's own formula, independently of the app's colour helpers.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './flow-recorder.ts';

/** The public pages the server renders: Home, a challenge page and a content page. */
export const RENDERED_PAGES = [
  ['Home', '/'],
  ['a challenge page', '/challenge/30-day-shred'],
  ['a content page', '/about'],
] as const;

type Rgba = [number, number, number, number];

function parse(value: string): Rgba {
  const m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
  if (!m) throw new Error(`A colour this test cannot read: ${value}`);
  return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
}

/** A colour painted over an opaque one: what the eye gets. */
const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [
  r * a + R * (1 - a),
  g * a + G * (1 - a),
  b * a + B * (1 - a),
  1,
];

/** WCAG 2's contrast ratio of two opaque colours, from their relative luminance. */
function contrast(one: Rgba, other: Rgba): number {
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [hi, lo] = [luminance(one), luminance(other)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A colour the page paints, with the backgrounds it is painted on (its element's first). */
interface Painted {
  label: string;
  color: string;
  layers: string[];
}

/**
 * Reads, in the page, the colours of every visible, enabled button's text (a `button`, or a link
 * drawn as one), or of the focused element's outline, each with the background colours from its
 * element up to the first opaque one. Needs no script of the page's own (it runs with JavaScript off).
 */
function paintedColours(page: Page, what: 'button texts' | 'focus outline'): Promise<Painted[]> {
  return page.evaluate((what) => {
    const painted = (element: Element, color: string, label: string) => {
      const layers: string[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor;
        layers.push(background);
        if (background.startsWith('rgb(')) break;
      }
      return { label, color, layers };
    };
    if (what === 'focus outline') {
      const focused = document.activeElement as Element;
      return [painted(focused.parentElement ?? document.body, getComputedStyle(focused).outlineColor, '')];
    }
    const buttons = [...document.querySelectorAll('button, [role="button"], a.mantine-Button-root')];
    return (
      buttons
        // Disabled controls are exempt from WCAG 1.4.3.
        .filter((button) => button.checkVisibility() && !button.matches(':disabled, [aria-disabled="true"]'))
        .flatMap((button) => {
          // Each element holding the button's text, as drawn (a label inside has its own colour).
          const holders = new Set<Element>();
          const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
          for (let text = walker.nextNode(); text; text = walker.nextNode())
            if (text.textContent?.trim() && text.parentElement?.checkVisibility())
              holders.add(text.parentElement);
          const label = button.textContent?.trim() ?? '';
          return [...holders].map((holder) => painted(holder, getComputedStyle(holder).color, label));
        })
    );
  }, what);
}

/** The contrast of a painted colour against what it is painted on, over the white canvas. */
function contrastOf({ color, layers }: Painted): number {
  const background = layers
    .map(parse)
    .reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  return contrast(over(parse(color), background), background);
}

/** Every button's text reads at 4.5:1 or more (WCAG 1.4.3). */
export async function expectReadableButtons(page: Page): Promise<void> {
  const measured = (await paintedColours(page, 'button texts')).map((text) => ({
    label: text.label,
    ratio: contrastOf(text),
  }));
  // Each page has buttons: the nav's (or its menu's), the footer's languages, the page's own.
  expect(measured.length).toBeGreaterThanOrEqual(3);
  expect(measured.filter((m) => m.ratio < 4.5)).toEqual([]);
}

/**
 * The keyboard reaches a button and its focus ring shows: an outline drawn, of a colour that stands
 * out from what is around the button by 3:1 (WCAG 1.4.11).
 */
export async function expectFocusRingOnAButton(page: Page): Promise<void> {
  for (let press = 0; press < 30; press += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.matches('button, a.mantine-Button-root'))) break;
  }
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as Element;
    const style = getComputedStyle(focused);
    return {
      tag: focused.tagName,
      focusVisible: focused.matches(':focus-visible'),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
    };
  });
  expect(ring.tag).toMatch(/^(BUTTON|A)$/);
  expect(ring.focusVisible).toBe(true);
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(1);
  const [outline] = await paintedColours(page, 'focus outline');
  expect(contrastOf(outline as Painted)).toBeGreaterThanOrEqual(3);
}

/**
 * Opens `path` with the app's scripts held back (the loader and everything after it): the page as a
 * visitor sees it while they are on their way. Returns the release, which lets them through.
 */
export async function openWithScriptsHeld(page: Page, path: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(/\/assets\/[^/]+\.js$/, (route) => {
    held.push(route);
  });
  await page.goto(path, { waitUntil: 'commit' });
  // The whole document parsed (the page's data block comes after the root) and its stylesheets in.
  await page.locator('#rendered-page').waitFor({ state: 'attached' });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
  // Held indeed: the loader was asked for and no script of the app has touched the page.
  await expect.poll(() => held.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}))).toEqual([]);
  return async () => {
    await page.unroute(/\/assets\/[^/]+\.js$/);
    for (const route of held) await route.continue().catch(() => {});
  };
}

/**
 * The tests of a page before its scripts, at the width and in the language of the spec file that
 * calls this: with JavaScript off, and with the app's scripts held back.
 */
export function describeFirstPaint(): void {
  for (const [name, path] of RENDERED_PAGES) {
    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test(`${name}: every button reads at 4.5:1 and a focused button shows its ring`, async ({ page }) => {
        await page.goto(path);
        await expectReadableButtons(page);
        await expectFocusRingOnAButton(page);
      });
    });

    test(`${name}, its scripts still on their way: every button reads at 4.5:1 and a focused button shows its ring`, async ({
      page,
    }) => {
      const release = await openWithScriptsHeld(page, path);
      await expectReadableButtons(page);
      await expectFocusRingOnAButton(page);
      await release();
    });
  }
}
