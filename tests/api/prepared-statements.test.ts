// The queries every signed-in request runs are kept prepared on PGlite itself (decision 156): the
// first requests, arriving together before the statements exist, each get their own member's view.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { createMember } from './fixtures.ts';
import { TEST_ENV } from './members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, MEMBER_VIEW_MAX_AGE_MS: '0' } });
});
afterAll(() => t?.close());

it('answers the first members asking together, each with their own view, and a session that does not hold with 401', async () => {
  const members = await Promise.all(Array.from({ length: 8 }, () => createMember(t.context)));
  const answers = await Promise.all(
    members.map((m) => t.app.inject({ method: 'GET', url: '/api/user', headers: { token: m.token } })),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(members.map(() => 200));
  expect(answers.map((a) => a.json().user._id)).toEqual(members.map((m) => m.id));
  // A token with a quote reaches the lookup as a literal, never as SQL.
  const odd = await t.app.inject({ method: 'GET', url: '/api/user', headers: { token: "x' or '1'='1" } });
  expect(odd.statusCode).toBe(401);
});
