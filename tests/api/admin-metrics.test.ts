// adminMetrics refuses what it cannot answer, clearly and in the caller's language, never with a
// 500: no token, an unknown trainer, a day that is not one, a period backwards or too long. A trainer
// with nobody yet answers zeros for every month of the default period (this one and the 12 before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './app.ts';
import { adminCalls } from './contract.ts';
import { TEST_ENV } from './members.ts';

const ADMIN = { 'admin-token': 'admin-metrics-test-token-0123456789abcdef', 'admin-actor': 'Tests' };
let t: TestApp;
const admin = adminCalls(() => t, ADMIN);
const url = (query = '', trainer = DEMO_TRAINER_ID) => `/api/admin/trainers/${trainer}/metrics${query}`;

beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: ADMIN['admin-token'] } });
});
afterAll(() => t.close());

describe('adminMetrics', () => {
  it('answers a trainer with nobody yet: zeros over this month and the 12 before', async () => {
    const { res, body } = await admin('adminMetrics', 'GET', url());
    expect(res.statusCode, res.body).toBe(200);
    const m = body.metrics as { mrr: number; months: { month: string; mrr: number; revenue: number }[] };
    expect(m.mrr).toBe(0);
    expect(m.months).toHaveLength(13);
    expect(m.months.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
    expect(m.months.every((x) => x.mrr === 0 && x.revenue === 0)).toBe(true);
  });

  it.each([
    ['?from=2026-02-30', 400, 'from must be a day written YYYY-MM-DD, not 2026-02-30'],
    [
      '?from=2026-05-01&to=2026-04-30',
      400,
      "The period's first day (2026-05-01) is after its last (2026-04-30)",
    ],
    ['?from=2020-01-01&to=2026-01-01', 400, 'A period of at most 60 months can be asked'],
    ['?from=26-01-01', 400, null],
  ])('refuses %s with %i', async (query, status, message) => {
    const { res, body } = await admin('adminMetrics', 'GET', url(query));
    expect(res.statusCode).toBe(status);
    if (message) expect(body.message).toBe(message);
  });

  it('says so in Spanish when asked in Spanish', async () => {
    const { res, body } = await admin('adminMetrics', 'GET', url('?from=2026-13-01'), undefined, {
      ...ADMIN,
      'accept-language': 'es',
    });
    expect(res.statusCode).toBe(400);
    expect(body.message).toBe('from debe ser un día escrito AAAA-MM-DD, no 2026-13-01');
  });

  it('refuses an unknown trainer (404) and a caller without the token (401)', async () => {
    expect((await admin('adminMetrics', 'GET', url('', 'no-such-trainer'))).res.statusCode).toBe(404);
    expect(
      (await admin('adminMetrics', 'GET', url(), undefined, { 'admin-actor': 'Tests' })).res.statusCode,
    ).toBe(401);
  });

  it('leaves the studio twin to the studio’s session: a visitor is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/studio/metrics' });
    expect(res.statusCode).toBe(401);
  });
});
