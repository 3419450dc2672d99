// A rendered page kept below its nonce (decision 124): the whole HTML, shell and markup, with a slot
// wherever a response's CSP nonce goes, and its gzip encoding prepared once around those slots. A
// response only writes its nonce in: as text, or, in the gzip encoding, as a stored deflate block
// between the page's deflated pieces, with the CRC and length gzip's trailer wants.
import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** What the response's nonce replaces in the page, attribute and all. */
const NONCE_ATTRIBUTE_SLOT = (slot: string) => `nonce="${slot}"`;

/** gzip's header (RFC 1952): deflate, no flags, no time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** The nonce's characters: base64. Anything else would need escaping in an attribute. */
const NONCE_CHARACTERS = /^[A-Za-z0-9+/=]+$/;
/** How far back deflate looks for a repeat. */
const WINDOW = 32 * 1024;

/** CRC-32's polynomial, reflected (as zlib's crc32 computes it). */
const POLY = 0xedb88320;

/** a(x)·b(x) modulo CRC-32's polynomial, both reflected (zlib's multmodp). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let x = b;
  for (;;) {
    if (a & m) {
      p ^= x;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    x = x & 1 ? (x >>> 1) ^ POLY : x >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  for (let k = 0; k < 32; k++) {
    table.push(p);
    p = multmodp(p, p);
  }
  return table;
})();

/** What carries a CRC over `length` more bytes: x^(8·length) modulo the polynomial (zlib's x2nmodp). */
export function crcShift(length: number): number {
  let p = 0x80000000; // x^0
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multmodp(X2N[k % 32] as number, p);
  }
  return p;
}

/** The CRC of A followed by B, from A's CRC, B's own and B's shift (zlib's crc32_combine). */
export function crcCombine(crcA: number, crcB: number, shiftB: number): number {
  return (multmodp(shiftB, crcA) ^ crcB) >>> 0;
}

/**
 * The pieces as raw deflate. Every piece but the last ends on a byte boundary and without the final
 * block (a sync flush), so the pieces and the nonces' stored blocks between them make one deflate
 * stream. With `dictionaries`, a piece may repeat what came before it, as one deflate of the page
 * would: it is compressed with the text before it as its dictionary, each nonce there as NUL bytes
 * of its length, which no piece then holds, so no repeat reaches into a nonce.
 */
function deflatedPieces(parts: Buffer[], nonceLength: number, dictionaries: boolean): Buffer[] {
  const last = parts.length - 1;
  const noNonce = Buffer.alloc(nonceLength);
  let before = Buffer.alloc(0);
  return parts.map((part, i) => {
    const segment = deflateRawSync(part, {
      level: 9,
      ...(i < last && { finishFlush: constants.Z_SYNC_FLUSH }),
      ...(dictionaries && before.length > 0 && { dictionary: before }),
    });
    before = Buffer.concat([before, part, noNonce]).subarray(-WINDOW);
    return segment;
  });
}

/** `html` with `nonce` written in each of its slots: a page sent once, not kept (a member's, decision 127). */
export function withNonce(html: string, slot: string, nonce: string): string {
  return html.split(NONCE_ATTRIBUTE_SLOT(slot)).join(NONCE_ATTRIBUTE_SLOT(nonce));
}

export interface SplicedPage {
  /** A weak validator of the page as it is below the nonce, for `encoding` (`identity` or `gzip`). */
  etag(encoding: 'identity' | 'gzip'): string;
  /** The page with `nonce` in every slot. */
  html(nonce: string): Buffer;
  /** The same page as gzip, its pieces compressed once for every response. */
  gzip(nonce: string): Buffer;
}

/**
 * `html` with `nonce="<slot>"` wherever a nonce goes; every nonce written in is `nonceLength`
 * characters long. `alsoValidates` is what else a 304 keeps of the first answer (its policy without
 * the nonce): when it changes, so does the ETag.
 */
export function splicedPage(
  html: string,
  slot: string,
  nonceLength: number,
  alsoValidates = '',
): SplicedPage {
  const pieces = html.split(NONCE_ATTRIBUTE_SLOT(slot));
  const last = pieces.length - 1;
  // Each piece keeps the attribute's quotes, so a slot is exactly the nonce's bytes.
  const parts = pieces.map((piece, i) =>
    Buffer.from(`${i > 0 ? '"' : ''}${piece}${i < last ? 'nonce="' : ''}`, 'utf8'),
  );
  const deflated = deflatedPieces(parts, nonceLength, !html.includes('\0'));
  // The CRC of each piece on its own and of its length's shift: a response adds its nonces' CRC and
  // combines, never reading the page's bytes again.
  const crcs = parts.map((part) => crc32(part));
  const shifts = parts.map((part) => crcShift(part.length));
  const constantLength = parts.reduce((sum, part) => sum + part.length, 0);
  const hash = createHash('sha256').update(alsoValidates).update('\0').update(html).digest('base64url');
  const etags = { identity: `W/"${hash.slice(0, 32)}"`, gzip: `W/"${hash.slice(0, 32)}-gzip"` };

  const nonceBytes = (nonce: string) => {
    if (nonce.length !== nonceLength || !NONCE_CHARACTERS.test(nonce)) {
      throw new Error(`A nonce is ${nonceLength} characters of base64`);
    }
    return Buffer.from(nonce, 'latin1');
  };

  return {
    etag: (encoding) => etags[encoding],
    html(nonce) {
      const bytes = nonceBytes(nonce);
      const out: Buffer[] = [];
      parts.forEach((part, i) => {
        if (i > 0) out.push(bytes);
        out.push(part);
      });
      return Buffer.concat(out, constantLength + last * bytes.length);
    },
    gzip(nonce) {
      const bytes = nonceBytes(nonce);
      // A stored block (RFC 1951, 3.2.4): not final, type 00, then LEN and its complement.
      const stored = Buffer.alloc(5 + bytes.length);
      stored.writeUInt8(0, 0);
      stored.writeUInt16LE(bytes.length, 1);
      stored.writeUInt16LE(~bytes.length & 0xffff, 3);
      bytes.copy(stored, 5);
      let crc = crcs[0] as number;
      const out: Buffer[] = [GZIP_HEADER];
      deflated.forEach((segment, i) => {
        if (i > 0) {
          out.push(stored);
          crc = crcCombine(crc32(bytes, crc), crcs[i] as number, shifts[i] as number);
        }
        out.push(segment);
      });
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE((constantLength + last * bytes.length) % 2 ** 32, 4);
      out.push(trailer);
      return Buffer.concat(out);
    },
  };
}
