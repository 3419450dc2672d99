// Serves baseline A's build the way the site's server serves the site's: Fastify with
// @fastify/static sending the build's brotli and gzip copies, hashed assets cached for a year and
// the page revalidated, so the two differ by their pages alone.
//   BASELINE_DIR=<the build> BASELINE_PORT=… node bench/baseline-a/serve.ts
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(fastifyStatic, {
  root: path.resolve(process.env.BASELINE_DIR ?? ''),
  preCompressed: true,
  cacheControl: false,
});
app.addHook('onSend', async (request, reply, payload) => {
  reply.header(
    'cache-control',
    request.url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
  return payload;
});
await app.listen({ port: Number(process.env.BASELINE_PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
