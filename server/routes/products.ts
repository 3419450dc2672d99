// The trainer's catalogue: the membership with its active recurring plans first, then challenges and
// courses with their one-time plans and page texts. Only active prices are offered.
//
// Every visitor gets the same catalogue, so each instance keeps it in memory per trainer and
// language for CATALOGUE_MAX_AGE_SECONDS, already serialized and compressed, with an ETag; browsers
// may keep it as long (decision 081). No route of this API writes products or prices: they change in
// the database, by whatever instance or tool, and every copy expires by itself. Checkout and the
// payment pages read prices from the database, never from here.

import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale, localized } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import { type PriceRow, toPlan } from '../accounts/member-view.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import type { Database } from '../db/index.ts';
import { prices, products, trainers } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { contractOperations, type Handlers, responseViolation } from '../http/contract.ts';

type Products = components['schemas']['Products'];
type OneTimeProduct = components['schemas']['OneTimeProduct'];
type ProductRow = typeof products.$inferSelect;

const PAGE_FIELDS = [
  'challengeImage',
  'challengeHeaderText',
  'challengeSubText',
  'challengeButtonText',
  'subscriptionHeaderText',
  'subscriptionSubText',
  'subscriptionButtonText',
] as const;

/** Below this, compressing costs more than it saves (the same threshold as the compress plugin's). */
const COMPRESS_ABOVE = 1024;

async function loadCatalogue(db: Database, trainerId: string, locale: Locale): Promise<Products | null> {
  const [trainer] = await db.select({ id: trainers.id }).from(trainers).where(eq(trainers.id, trainerId));
  if (!trainer) return null;
  const productRows = await db
    .select()
    .from(products)
    .where(eq(products.trainerId, trainerId))
    .orderBy(asc(products.position), asc(products.id));
  const priceRows = await db
    .select()
    .from(prices)
    .where(and(eq(prices.trainerId, trainerId), eq(prices.active, true)))
    .orderBy(asc(prices.amount), asc(prices.id));

  const plansOf = (product: ProductRow, type: PriceRow['type']) =>
    priceRows
      .filter((p) => p.productId === product.id && p.type === type)
      .map((price) => toPlan(price, locale));
  const oneTime = (product: ProductRow): OneTimeProduct =>
    ({
      id: product.id,
      slug: product.slug ?? product.id,
      name: product.name,
      description: product.description,
      metadata: { typeProduct: product.kind },
      plans: plansOf(product, 'one_time'),
      // Page texts may be written per language, as in the CMS.
      ...Object.fromEntries(
        PAGE_FIELDS.map((field) => [field, localized(product.page?.[field], locale) ?? null]),
      ),
    }) as OneTimeProduct;

  return {
    success: true,
    subscriptions: productRows
      .filter((p) => p.kind === 'subscription')
      .map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        metadata: { typeProduct: p.kind },
        plans: plansOf(p, 'recurring'),
      })),
    challenges: productRows.filter((p) => p.kind === 'challenge').map(oneTime),
    courses: productRows.filter((p) => p.kind === 'course').map(oneTime),
  };
}

/** One catalogue as it goes on the wire: the JSON and its compressed copies share one weak ETag. */
interface Representation {
  etag: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

function represent(catalogue: Products): Representation {
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

/** Weak comparison, as RFC 9110 asks for If-None-Match. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * The catalogues this instance serves, each for `maxAgeSeconds` from the moment it was read. Visitors
 * arriving together while one is read wait for that one read. An unknown trainer or a failed read
 * is not kept, so neither outlives its request.
 */
function catalogueCache(
  load: (trainerId: string, locale: Locale) => Promise<Representation | null>,
  maxAgeSeconds: number,
) {
  const entries = new Map<string, { expiresAt: number; value: Promise<Representation | null> }>();
  return async (trainerId: string, locale: Locale): Promise<Representation | null> => {
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
}

export function productHandlers({ db, config }: ServerContext): Handlers {
  const maxAge = config.CATALOGUE_MAX_AGE_SECONDS;
  const cacheControl = maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache';
  // The bytes skip the per-response contract check (it reads only text), so each catalogue is
  // checked once, when it is built.
  const operation = contractOperations().find((op) => op.id === 'getProducts');
  const checkResponses = config.NODE_ENV !== 'production';
  const catalogue = catalogueCache(async (trainerId, locale) => {
    const body = await loadCatalogue(db, trainerId, locale);
    if (!body) return null;
    const violation = checkResponses && operation ? responseViolation(operation, 200, body) : null;
    if (violation) throw new Error(`The catalogue breaks the contract: ${violation}`);
    return represent(body);
  }, maxAge);

  return {
    getProducts: async (request, reply) => {
      const representation = await catalogue(request.params.trainerID, request.query.lang ?? DEFAULT_LOCALE);
      if (!representation) throw notFound('Unknown trainer');
      reply
        .header('cache-control', cacheControl)
        .header('etag', representation.etag)
        .header('vary', 'accept-encoding');
      if (matches(request.headers['if-none-match'], representation.etag)) return reply.code(304).send();
      // Brotli, then gzip, as the client accepts them (q=0 refuses), negotiated as the compress plugin does.
      const encoding = request.headers['x-no-compression']
        ? null
        : negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      const compressed = encoding && representation[encoding];
      if (encoding && compressed) reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(compressed || representation.identity);
    },
  };
}

export const catalogueArea: AreaPlugin = async (app, { context }) => {
  app.operations(productHandlers(context));
};
