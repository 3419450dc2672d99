// Headers every response carries, whoever wrote it: routes set what is particular to them, and this
// hook fills in the rest, so no page or API answer can be sniffed, framed or cached by mistake.
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from '../site/spa.ts';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // API answers carry personal data and tokens: no browser or proxy keeps a copy.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      if (!reply.hasHeader('content-security-policy')) {
        reply.header('content-security-policy', contentSecurityPolicy());
      }
      if (!reply.hasHeader('referrer-policy'))
        reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    return payload;
  });
}
