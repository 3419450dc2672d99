// The yardstick of `npm run bench`: Fastify with no plugin, hooks or schema, answering the
// catalogue's exact bytes and a trivial health JSON from memory. Whatever our server does beyond
// this is what the ratio printed by the bench measures. The catalogue goes out brotli- or
// gzip-compressed, whichever the client takes, as ours does, so both put the same work on the client
// that decompresses it. With BARE_HOME_FILE, `GET /` sends that HTML file (Home as our server renders
// it) the same way, as a static file server would.
//   BARE_PORT=… BARE_PRODUCTS_FILE=<file holding the catalogue JSON> node bench/bare-fastify.ts
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';

const products = readFileSync(process.env.BARE_PRODUCTS_FILE ?? '', 'utf8');
const productsBr = brotliCompressSync(products);
const productsGzip = gzipSync(products);
const health = JSON.stringify({
  success: true,
  status: 'ok',
  database: process.env.BARE_DATABASE ?? 'pglite',
});

const app = Fastify({ logger: false });
app.get('/api/trainer/:trainerID/products', async (request, reply) => {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(productsBr);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(productsGzip);
  return reply.send(products);
});
const homeFile = process.env.BARE_HOME_FILE;
if (homeFile) {
  const home = readFileSync(homeFile);
  const homeBr = brotliCompressSync(home);
  const homeGzip = gzipSync(home);
  app.get('/', async (request, reply) => {
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(homeBr);
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(homeGzip);
    return reply.send(home);
  });
}
app.get('/api/health', async (_request, reply) => reply.type('application/json; charset=utf-8').send(health));
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
