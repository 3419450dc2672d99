// Headers every response carries, whoever wrote it. The fixed ones come from helmet; what depends on
// the response is set here after the route: a route's own policy (the shell's, with its nonce) stands,
// and any other HTML gets the server's page policy, so no page or API answer can be sniffed, framed
// or cached by mistake.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { serverPagePolicy } from './content-security-policy.ts';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply, payload) => {
    // API answers carry personal data and tokens: no browser or proxy keeps a copy.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', serverPagePolicy());
    }
    return payload;
  });
}
