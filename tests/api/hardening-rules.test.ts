// The rules behind the hardening, checked without a server: the hashing queue, database errors
// told apart and logged without their parameters, secrets redacted from logs, the login backoff.

import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loginBackoffMs } from '../../server/accounts/login-throttle.ts';
import { HashQueue } from '../../server/auth/passwords.ts';
import { isDatabaseUnavailable, loggable } from '../../server/db/errors.ts';
import { redactUrl } from '../../server/redacted-url.ts';

describe('the hashing queue', () => {
  it('runs as many as it has room for, queues a few in order, and refuses the rest with 503', async () => {
    const queue = new HashQueue(1, 1);
    const order: string[] = [];
    let release: () => void = () => {};
    const first = queue.run(
      () =>
        new Promise<void>((resolve) => {
          order.push('first');
          release = resolve;
        }),
    );
    const second = queue.run(async () => {
      order.push('second');
    });
    expect(queue.waiting).toBe(1);
    const third = queue.run(async () => order.push('third'));
    await expect(third).rejects.toMatchObject({ statusCode: 503, headers: { 'retry-after': '5' } });
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
    expect(queue.waiting).toBe(0);
    await queue.run(async () => order.push('fourth'));
    expect(order).toEqual(['first', 'second', 'fourth']);
  });
});

describe('database errors', () => {
  it('tells an outage from a refused query', () => {
    const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('dup'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new Error('anything else'))).toBe(false);
  });

  it('logs a failed query without its parameters', () => {
    const error = new DrizzleQueryError(
      'select * from users where email = $1 and password_hash = $2',
      ['victim@example.com', 'scrypt$17$secret'],
      Object.assign(new Error('boom'), { code: 'XX000' }),
    );
    const logged = JSON.stringify(loggable(error));
    expect(logged).toContain('select * from users where email = $1');
    expect(logged).not.toContain('victim@example.com');
    expect(logged).not.toContain('scrypt$17$secret');
  });
});

describe('log redaction', () => {
  it.each([
    ['/reset-password?token=abc&x=1', '/reset-password?token=[redacted]&x=1'],
    ['/sandbox/checkout/cs_abc123', '/sandbox/checkout/[redacted]'],
    ['/sandbox/portal/bps_abc/change?lang=es', '/sandbox/portal/[redacted]/change?lang=es'],
    ['/api/user', '/api/user'],
    ['/privacy?admin-token=abc&utm_source=mail', '/privacy?admin-token=[redacted]&utm_source=mail'],
    [
      '/api/admin/trainers/t/members/jane@example.com?email=jane%40ex&limit=5',
      '/api/admin/trainers/t/members/[redacted]?email=[redacted]&limit=5',
    ],
    ['/api/admin/trainers/t/members/jane%40example.com', '/api/admin/trainers/t/members/[redacted]'],
    ['/?ref=someone%40example.com&lang=es', '/?ref=[redacted]&lang=es'],
  ])('writes %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('login backoff', () => {
  it('waits nothing for the first failures, then 30 s doubling up to 15 min', () => {
    expect([1, 4, 5, 6, 7, 9, 10, 30].map((n) => loginBackoffMs(n) / 1000)).toEqual([
      0, 0, 30, 60, 120, 480, 900, 900,
    ]);
  });
});
