// Every visitor gets the same catalogue, so each instance keeps it in memory per trainer and
// language for CATALOGUE_MAX_AGE_SECONDS, already serialized and compressed, with an ETag; browsers
// may keep it as long (decision 081). Prices change in the database: an admin operation drops the
// trainer's copies at once on every instance (catalogue-changes.ts, decision 117), and a change made
// any other way waits for every copy to expire by itself. Checkout and the payment pages read prices
// from the database, never from here.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Locale } from '../../domain/localized.ts';
import type { Products } from './catalogue.ts';

/** Below this, compressing costs more than it saves (the same threshold as the compress plugin's). */
const COMPRESS_ABOVE = 1024;

/** One catalogue as it goes on the wire: the JSON and its compressed copies share one weak ETag. */
export interface Representation {
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

export function represent(catalogue: Products): Representation {
  const identity = Buffer.from(JSON.stringify(catalogue));
  const compress = identity.length >= COMPRESS_ABOVE;
  return {
    // Weak: the brotli, gzip and plain bodies are the same catalogue, so a browser holding any of
    // them may revalidate with it. Derived from the content, it is the same on every instance.
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: compress ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : null,
    gzip: compress ? gzipSync(identity, { level: 9 }) : null,
  };
}

/**
 * The catalogues this instance serves, each for `maxAgeSeconds` from the moment it was read. Visitors
 * arriving together while one is read wait for that one read. An unknown trainer or a failed read
 * is not kept, so neither outlives its request.
 */
export function catalogueCache<T = Representation>(
  load: (trainerId: string, locale: Locale) => Promise<T | null>,
  maxAgeSeconds: number,
) {
  const entries = new Map<string, { expiresAt: number; value: Promise<T | null> }>();
  const get = async (trainerId: string, locale: Locale): Promise<T | null> => {
    const key = `${trainerId}\u0000${locale}`;
    const now = performance.now();
    const cached = entries.get(key);
    if (cached && cached.expiresAt > now) return cached.value;
    const value = load(trainerId, locale);
    if (maxAgeSeconds === 0) return value;
    const entry = { expiresAt: now + maxAgeSeconds * 1000, value };
    entries.set(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.then((representation) => representation ?? forget(), forget);
    return value;
  };
  /** Drops the trainer's copies in every language; the next visitor reads the database. */
  const forgetTrainer = (trainerId: string) => {
    for (const key of entries.keys()) if (key.startsWith(`${trainerId}\u0000`)) entries.delete(key);
  };
  return Object.assign(get, { forget: forgetTrainer });
}
