// The catalogue is served from each instance's memory with an ETag and a short public max-age
// (decision 081): the same answer and validator on every visit, 304 for a validator still current,
// a price changed in the database shown once the copy expires, one copy per trainer and language,
// and checkout charging the database's price even while an older copy is served. Liveness answers
// without the database; readiness still reports it.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema.d.ts';
import type { Database } from '../../server/db/index.ts';
import { prices } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID, seedTrainer } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { createMember } from './fixtures.ts';

type Products = components['schemas']['Products'];

const MAX_AGE = 1;
const OTHER = 'other-trainer';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { CATALOGUE_MAX_AGE_SECONDS: String(MAX_AGE) } });
  await seedTrainer(t.context.db, { id: OTHER, name: 'Other' });
});
afterAll(() => t.close());

const get = (trainer: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/trainer/${trainer}/products${query}`, headers });

const plan = (body: Products, id: string) =>
  body.subscriptions.flatMap((s) => s.plans).find((p) => p.id === id);

/** A price changed in the database, as another instance or the trainer's tooling would change it. */
const setAmount = (db: Database, id: string, amount: number) =>
  db.update(prices).set({ amount }).where(eq(prices.id, id));

const outlive = () => new Promise((resolve) => setTimeout(resolve, MAX_AGE * 1000 + 100));

describe('the cached catalogue', () => {
  it('answers every visit with the same ETag and a public max-age', async () => {
    const first = await get(DEMO_TRAINER_ID);
    const second = await get(DEMO_TRAINER_ID);
    expect(first.statusCode).toBe(200);
    expectContract(first, 'getProducts');
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toBe(first.body);
    expect(first.headers['cache-control']).toBe(`public, max-age=${MAX_AGE}`);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers 304 without a body to a client holding the current ETag, weak or not', async () => {
    const { etag } = (await get(DEMO_TRAINER_ID)).headers;
    const notModified = await get(DEMO_TRAINER_ID, { 'if-none-match': String(etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe(`public, max-age=${MAX_AGE}`);

    const strongForm = String(etag).replace(/^W\//, '');
    expect((await get(DEMO_TRAINER_ID, { 'if-none-match': `"other", ${strongForm}` })).statusCode).toBe(304);
    expect((await get(DEMO_TRAINER_ID, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('sends the same catalogue under one ETag as brotli, gzip or plain, as the client accepts', async () => {
    const plain = await get(DEMO_TRAINER_ID);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(DEMO_TRAINER_ID, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(DEMO_TRAINER_ID, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(1);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('gives each language its own body and ETag', async () => {
    const en = await get(DEMO_TRAINER_ID, {}, '?lang=en');
    const es = await get(DEMO_TRAINER_ID, {}, '?lang=es');
    expect(plan(es.json(), `${DEMO_TRAINER_ID}-price-weekly`)?.nickname).toBe('Semanal');
    expect(plan(en.json(), `${DEMO_TRAINER_ID}-price-weekly`)?.nickname).toBe('Weekly');
    expect(es.headers.etag).not.toBe(en.headers.etag);
    expect(
      (await get(DEMO_TRAINER_ID, { 'if-none-match': String(en.headers.etag) }, '?lang=es')).statusCode,
    ).toBe(200);
  });

  it('shows a price changed in the database, under a new ETag, once the copy has expired', async () => {
    const before = await get(DEMO_TRAINER_ID);
    const id = `${DEMO_TRAINER_ID}-price-challenge`;
    const amountIn = (res: typeof before) => (res.json() as Products).challenges[0]?.plans[0]?.amount;
    const old = amountIn(before) ?? 0;
    await setAmount(t.context.db, id, old + 200);

    // Within max-age the copy still shows the old amount, but checkout asks the database.
    expect(amountIn(await get(DEMO_TRAINER_ID))).toBe(old);
    const member = await createMember(t.context);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/user/startGatewayStripeSession',
      headers: { token: member.token },
      payload: { prices: [id], trainerID: DEMO_TRAINER_ID, route: '/', campaign: null },
    });
    expect(checkout.statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: new URL(checkout.json().url).pathname });
    expect(page.body).toContain(`id="total" data-amount="${old + 200}"`);

    await outlive();
    const after = await get(DEMO_TRAINER_ID, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(amountIn(after)).toBe(old + 200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("keeps each trainer's catalogue apart", async () => {
    const demo = await get(DEMO_TRAINER_ID);
    const other = await get(OTHER);
    const ids = (body: Products) => body.subscriptions.flatMap((s) => s.plans.map((p) => p.id));
    expect(ids(demo.json()).every((id) => id.startsWith(`${DEMO_TRAINER_ID}-`))).toBe(true);
    expect(ids(other.json()).every((id) => id.startsWith(`${OTHER}-`))).toBe(true);
    expect(other.headers.etag).not.toBe(demo.headers.etag);

    await setAmount(t.context.db, `${OTHER}-price-weekly`, 1234);
    await outlive();
    expect(plan((await get(OTHER)).json(), `${OTHER}-price-weekly`)?.amount).toBe(1234);
    const demoAgain = await get(DEMO_TRAINER_ID);
    expect(demoAgain.headers.etag).toBe(demo.headers.etag);
    expect(plan(demoAgain.json(), `${DEMO_TRAINER_ID}-price-weekly`)?.amount).not.toBe(1234);
  });

  it('does not keep an unknown trainer: one created later is served at once', async () => {
    expect((await get('late-trainer')).statusCode).toBe(404);
    await seedTrainer(t.context.db, { id: 'late-trainer', name: 'Late' });
    expect((await get('late-trainer')).statusCode).toBe(200);
  });
});

describe('liveness and readiness', () => {
  it('liveness answers while the database does not; readiness reports it', async () => {
    const db = t.context.db as unknown as Record<string, unknown>;
    const saved = { execute: db.execute, select: db.select };
    const refuse = () => {
      throw new Error('the database does not answer');
    };
    Object.assign(db, { execute: refuse, select: refuse });
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(expectContract(health, 'getHealth')).toMatchObject({ success: true, status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toBe('The database does not answer');
    } finally {
      Object.assign(db, saved);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
