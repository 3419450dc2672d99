// Headers every response carries, whoever wrote it. A page (any HTML answer) gets helmet's fixed
// headers and a Content-Security-Policy: its route's own (the shell's, with its nonce), else the
// server's page policy. Every answer is unsniffable, and an API answer is kept out of caches.
// Helmet's middleware is built once and runs for pages only: @fastify/helmet builds it anew on
// every request, in two hooks on every route, which cost a quarter of the catalogue's throughput
// (`npm run bench`) for headers only a document uses.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { serverPagePolicy } from './content-security-policy.ts';

const pageHeaders: (request: IncomingMessage, response: ServerResponse, next: () => void) => void = helmet({
  // Set per response below: the shell's carries a fresh nonce.
  contentSecurityPolicy: false,
  // Browsers ignore it over plain HTTP, and over HTTPS the proxy that terminates TLS owns it: a
  // max-age sent from here would outlive a trainer's move to another host.
  strictTransportSecurity: false,
  // The shell names Sanity's CDN and the services it uses early; turning DNS prefetch off would
  // slow the first images.
  xDnsPrefetchControl: false,
  // Links to other sites tell them the site they came from, not the page (a member's profile).
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // API answers carry personal data and tokens: no browser or proxy keeps a copy.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      pageHeaders(request.raw, reply.raw, () => {});
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', serverPagePolicy());
      }
    }
    return payload;
  });
}
