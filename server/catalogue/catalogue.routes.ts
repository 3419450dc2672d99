// GET the trainer's catalogue (server/catalogue/catalogue.ts), served from this instance's cache
// (catalogue-cache.ts) with its ETag and compressed as the client accepts.
import { negotiate } from '@fastify/accept-negotiator';
import { DEFAULT_LOCALE } from '../../domain/localized.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { matchesIfNoneMatch } from '../http/conditional.ts';
import { type Handlers, responseViolation, servedOperations } from '../http/contract.ts';
import { loadCatalogue } from './catalogue.ts';
import { catalogueCache, represent } from './catalogue-cache.ts';

export function productHandlers({ db, config, catalogueChanges }: ServerContext): Handlers {
  const maxAge = config.CATALOGUE_MAX_AGE_SECONDS;
  const cacheControl = maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache';
  // The bytes skip the per-response contract check (it reads only text), so each catalogue is
  // checked once, when it is built.
  const operation = servedOperations().find((op) => op.id === 'getProducts');
  const checkResponses = config.NODE_ENV !== 'production';
  const catalogue = catalogueCache(async (trainerId, locale) => {
    const body = await loadCatalogue(db, trainerId, locale);
    if (!body) return null;
    const violation = checkResponses && operation ? responseViolation(operation, 200, body) : null;
    if (violation) throw new Error(`The catalogue breaks the contract: ${violation}`);
    return represent(body);
  }, maxAge);
  catalogueChanges.onChange(catalogue.forget);

  return {
    getProducts: async (request, reply) => {
      const representation = await catalogue(request.params.trainerID, request.query.lang ?? DEFAULT_LOCALE);
      if (!representation) throw notFound('accounts.unknownTrainer');
      reply
        .header('cache-control', cacheControl)
        .header('etag', representation.etag)
        .header('vary', 'accept-encoding');
      if (matchesIfNoneMatch(request.headers['if-none-match'], representation.etag))
        return reply.code(304).send();
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
