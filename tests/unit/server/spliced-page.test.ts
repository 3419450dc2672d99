// A page kept below its nonce (decision 124): each response's gzip is spliced from pieces compressed
// once, and zlib's own decoder, which checks gzip's CRC and length, is the judge of it.
import { crc32, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crcCombine, crcShift, splicedPage } from '../../../server/site/spliced-page.ts';

const SLOT = 'the-slot';
const PAGE = `<html><head><meta property="csp-nonce" nonce="${SLOT}" /></head><body><div id="root">${'<p>Ünete al reto, ¡ya! </p>'.repeat(400)}<style nonce="${SLOT}">a{}</style><style nonce="${SLOT}">b{}</style></div></body></html>`;
const withNonce = (nonce: string) => PAGE.split(`nonce="${SLOT}"`).join(`nonce="${nonce}"`);

describe('a page kept below its nonce', () => {
  const page = splicedPage(PAGE, SLOT, 8, "style-src 'nonce-the-slot'");

  it('writes the nonce into every slot, as text', () => {
    expect(page.html('bm9uY2Ux').toString('utf8')).toBe(withNonce('bm9uY2Ux'));
  });

  it('gives gzip that decodes, CRC and length checked, to the same page with that nonce', () => {
    for (const nonce of ['bm9uY2Ux', 'AAAAAA==', 'x+/y0123']) {
      const gzip = page.gzip(nonce);
      expect(gzip.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 0x08]));
      expect(gunzipSync(gzip).toString('utf8')).toBe(withNonce(nonce));
    }
  });

  it('compresses the page: the spliced gzip is a small part of it', () => {
    const size = page.gzip('bm9uY2Ux').length;
    // 400 repeats of one paragraph: whatever the splice adds (a stored block per slot) stays small.
    expect(size).toBeLessThan(Buffer.byteLength(withNonce('bm9uY2Ux')) / 20);
  });

  it('splices a page with no slot, and one that is a slot at each end', () => {
    expect(gunzipSync(splicedPage('<p>plain</p>', SLOT, 3).gzip('abc')).toString()).toBe('<p>plain</p>');
    const ends = `nonce="${SLOT}"<p>x</p>nonce="${SLOT}"`;
    expect(gunzipSync(splicedPage(ends, SLOT, 3).gzip('abc')).toString()).toBe(
      'nonce="abc"<p>x</p>nonce="abc"',
    );
  });

  it('lets a piece repeat the text before it, nonces aside, as one deflate of the page would', () => {
    // Words that do not repeat within a piece, so only a piece's own first copy compresses them.
    let seed = 7;
    const words = Array.from({ length: 600 }, () => {
      seed = (seed * 48271) % 2147483647;
      return seed.toString(36);
    }).join(' ');
    const html = `${words}<i nonce="${SLOT}"></i>${words}<b nonce="${SLOT}"></b>${words}`;
    const nonce = 'bm9uY2Ux';
    const plain = html.split(`nonce="${SLOT}"`).join(`nonce="${nonce}"`);
    const spliced = splicedPage(html, SLOT, 8).gzip(nonce);
    expect(gunzipSync(spliced).toString()).toBe(plain);
    const once = gzipSync(plain, { level: 9 }).length;
    // Two stored blocks of the nonce and two sync flushes: about 40 bytes more, never a second copy.
    expect(spliced.length).toBeLessThan(once + 64);
    // A page that holds a NUL is spliced without that help, and still decodes.
    const nul = `${html}\0`;
    expect(gunzipSync(splicedPage(nul, SLOT, 8).gzip(nonce)).toString()).toBe(`${plain}\0`);
  });

  it('ends its deflate stream once, after the last piece', () => {
    // The raw stream without gzip's header and trailer inflates on its own: the joins are not ends.
    const gzip = page.gzip('bm9uY2Ux');
    expect(inflateRawSync(gzip.subarray(10, -8)).toString('utf8')).toBe(withNonce('bm9uY2Ux'));
  });

  it('refuses a nonce that is not base64, which would need escaping', () => {
    expect(() => page.html('"><script>')).toThrow();
    expect(() => page.gzip('')).toThrow();
    // The dictionaries were prepared for nonces of one length.
    expect(() => page.gzip('bm9uY2Ux11')).toThrow();
  });

  it('validates the page below its nonce: the same tag for every nonce, another per encoding and page', () => {
    expect(page.etag('gzip')).toMatch(/^W\/"[\w-]+"$/);
    expect(page.etag('gzip')).not.toBe(page.etag('identity'));
    expect(splicedPage(PAGE, SLOT, 8, "style-src 'nonce-the-slot'").etag('gzip')).toBe(page.etag('gzip'));
    expect(splicedPage(`${PAGE} `, SLOT, 8, "style-src 'nonce-the-slot'").etag('gzip')).not.toBe(
      page.etag('gzip'),
    );
    expect(splicedPage(PAGE, SLOT, 8, "style-src 'nonce-the-slot' https://x").etag('gzip')).not.toBe(
      page.etag('gzip'),
    );
  });
});

describe("gzip's CRC of a page, put together from its pieces' own", () => {
  it('is the CRC zlib computes over the whole, whatever the pieces', () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 131 + (i >> 7)) & 0xff));
    for (const [cut, end] of [
      [0, 10],
      [10, 10],
      [1, 2],
      [3, 1027],
      [1000, 70_000],
      [65_535, 70_000],
    ] as const) {
      const a = bytes.subarray(0, cut);
      const b = bytes.subarray(cut, end);
      expect(crcCombine(crc32(a), crc32(b), crcShift(b.length))).toBe(crc32(bytes.subarray(0, end)));
    }
  });
});
