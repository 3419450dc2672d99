// The hashing queue is shared fairly between clients, and the two calls that check a signed-in
// member's current password are limited like login: one client's burst is refused with 429 (its
// own limit) and never makes another member's login wait long or fail (docs/security.md). Each test
// below failed before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_LOGIN_FAILURES } from '../../server/accounts/login-throttle.ts';
import { HashQueue, hashQueue } from '../../server/auth/passwords.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import { closedAfterEach, startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { login as logIn, type Member, PASSWORD, register, TEST_ENV, uniqueEmail } from './members.ts';

let t: TestApp;
let app: TestApp['app'];

beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV });
  app = t.app;
});
afterAll(() => t.close());

const others = closedAfterEach();

const login = (email: string, password: string, remoteAddress: string, on = app) =>
  logIn(on, email, password, DEMO_TRAINER_ID, { remoteAddress });
const changePassword = (member: Member, oldPassword: string, remoteAddress: string, on = app) =>
  on.inject({
    method: 'PUT',
    url: `/api/user/${member.id}/password`,
    headers: { token: member.token },
    payload: { oldPassword, newPassword: 'a brand new password', trainerID: DEMO_TRAINER_ID },
    remoteAddress,
  });
const changeEmail = (member: Member, currentPassword: string, remoteAddress: string, on = app) =>
  on.inject({
    method: 'PUT',
    url: `/api/user/${member.id}`,
    headers: { token: member.token },
    payload: { user: { email: uniqueEmail('moved') }, currentPassword },
    remoteAddress,
  });

/** Holds every running place of the shared queue until released, so that hashes asked for queue up. */
function holdTheQueue(): { release(): void; done: Promise<unknown> } {
  const releases: Array<() => void> = [];
  const done = Promise.all(
    Array.from({ length: hashQueue.concurrency }, () =>
      hashQueue.run(() => new Promise<void>((resolve) => releases.push(resolve))),
    ),
  );
  return {
    release: () => {
      for (const release of releases) release();
    },
    done,
  };
}

/** Lets the injected requests reach the queue (a few database round trips each). */
async function untilWaiting(count: number): Promise<void> {
  for (let i = 0; i < 500 && hashQueue.waiting < count; i++) await new Promise((r) => setTimeout(r, 5));
}

describe('the hashing queue is fair between clients', () => {
  it("lets another client's single hash start within one turn of one client's many", async () => {
    const queue = new HashQueue(1, 100, 100);
    const order: string[] = [];
    let release: () => void = () => {};
    const running = queue.run(() => new Promise<void>((resolve) => (release = resolve)), {
      address: '203.0.113.1',
    });
    const many = Array.from({ length: 10 }, (_, i) =>
      queue.run(async () => order.push(`burst ${i}`), { address: '203.0.113.1' }),
    );
    const single = queue.run(async () => order.push('other'), { address: '198.51.100.7' });
    release();
    await Promise.all([running, ...many, single]);
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
    expect(order.filter((job) => job.startsWith('burst'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `burst ${i}`),
    );
  });

  it('gives a freed core to a client with none running before one that holds the others', async () => {
    const queue = new HashQueue(2, 100, 100);
    const releases: Array<() => void> = [];
    const held = Array.from({ length: 2 }, () =>
      queue.run(() => new Promise<void>((resolve) => releases.push(resolve)), { address: '203.0.113.1' }),
    );
    const order: string[] = [];
    const burst = queue.run(async () => order.push('burst'), { address: '203.0.113.1' });
    const other = queue.run(async () => order.push('other'), { address: '198.51.100.7' });
    releases[0]?.();
    await other;
    releases[1]?.();
    await Promise.all([...held, burst]);
    expect(order[0]).toBe('other');
  });

  it('gives an account one waiting place and an address two, refusing more with 429, not 503', async () => {
    const queue = new HashQueue(1, 16);
    let release: () => void = () => {};
    const running = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = [queue.run(async () => 'first', { address: '203.0.113.1', account: 'user a' })];
    await expect(
      queue.run(async () => 'again', { address: '203.0.113.2', account: 'user a' }),
    ).rejects.toMatchObject({ statusCode: 429, headers: { 'retry-after': '5' } });
    waiting.push(queue.run(async () => 'second', { address: '203.0.113.1', account: 'user b' }));
    await expect(
      queue.run(async () => 'third', { address: '203.0.113.1', account: 'user c' }),
    ).rejects.toMatchObject({ statusCode: 429 });
    // Someone else still finds a place.
    waiting.push(queue.run(async () => 'elsewhere', { address: '198.51.100.7', account: 'user d' }));
    expect(queue.waiting).toBe(3);
    release();
    await running;
    expect(await Promise.all(waiting)).toEqual(['first', 'second', 'elsewhere']);
    // Once its hash has started, the account may queue another.
    expect(await queue.run(async () => 'later', { address: '203.0.113.2', account: 'user a' })).toBe('later');
  });
});

describe("one account's burst of password checks", () => {
  it.each([
    ['password changes', changePassword],
    ['email changes', changeEmail],
  ])(
    "is refused with 429 beyond its place, and another member's login still succeeds (%s)",
    async (_, check) => {
      const burster = await register(app);
      const other = await register(app);
      const held = holdTheQueue();
      const burst = Array.from({ length: 24 }, (_, i) => check(burster, `guess number ${i}`, '203.0.113.9'));
      await untilWaiting(1);
      const theirs = login(other.email, PASSWORD, '198.51.100.20');
      await untilWaiting(2);
      held.release();
      await held.done;
      const answers = await Promise.all(burst);
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses).not.toContain(503);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      const refused = answers.find((res) => res.statusCode === 429);
      if (refused) {
        expectContract(refused, check === changePassword ? 'changePassword' : 'updateUser');
        expect(refused.headers['retry-after']).toBe('5');
      }
      expect((await theirs).statusCode).toBe(200);
    },
  );
});

describe('the current-password checks are limited like login', () => {
  it('backs off per account after 5 wrong passwords, without locking the sign-in', async () => {
    const member = await register(app);
    for (let i = 1; i <= FREE_LOGIN_FAILURES; i++) {
      const wrong =
        i % 2
          ? changePassword(member, 'a wrong password', `10.2.0.${i}`)
          : changeEmail(member, 'a wrong password', `10.2.0.${i}`);
      expect((await wrong).statusCode).toBe(403);
    }
    for (const locked of [
      await changePassword(member, PASSWORD, '10.2.0.99'),
      await changeEmail(member, PASSWORD, '10.2.0.99'),
    ]) {
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(25);
      expect(locked.json().message).toMatch(/Too many wrong passwords/);
    }
    expect((await login(member.email, PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('limits each address like login: password changes, and the profile changes that check a password', async () => {
    const limited = await startTestApp({ env: { ...TEST_ENV, RATE_LIMIT_MAX: '2' } });
    others.push(limited);
    const member = await register(limited.app);
    for (let i = 0; i < 2; i++) {
      expect((await changePassword(member, 'a wrong password', '10.3.0.1', limited.app)).statusCode).toBe(
        403,
      );
      expect((await changeEmail(member, 'a wrong password', '10.3.0.1', limited.app)).statusCode).toBe(403);
    }
    const tooMany = await changePassword(member, PASSWORD, '10.3.0.1', limited.app);
    expect(tooMany.statusCode).toBe(429);
    expectContract(tooMany, 'changePassword');
    expect((await changeEmail(member, PASSWORD, '10.3.0.1', limited.app)).statusCode).toBe(429);
    // A name change checks no password and is not counted.
    for (let i = 0; i < 3; i++) {
      const renamed = await limited.app.inject({
        method: 'PUT',
        url: `/api/user/${member.id}`,
        headers: { token: member.token },
        payload: { user: { name: `Name ${i}` } },
        remoteAddress: '10.3.0.1',
      });
      expect(renamed.statusCode).toBe(200);
    }
  });
});
