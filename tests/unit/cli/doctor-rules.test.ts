// `trainer doctor`'s rules, each on a configuration that breaks it and on the live one that passes:
// the server's own refusals (production's included) fail, the rest warn, and the exit code follows.
import { describe, expect, it } from 'vitest';
import { doctor, doctorExitCode, type Finding } from '../../../cli/doctor-rules.ts';

/** A configuration a live site may run with: every check passes. */
const LIVE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://coach.example',
  TRUST_PROXY: '10.0.0.0/8',
  DATABASE_URL: 'postgres://site:secret@db.internal:5432/site',
  REDIS_URL: 'redis://cache.internal:6379',
  DEVICE_COOKIE_SECRET: 'device-cookie-secret-0123456789-abcdefghij',
  SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
  MAIL_FROM: 'Coach <hello@coach.example>',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  SANITY_PROJECT_ID: 'abc123',
  ADMIN_TOKEN: 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
};

const run = (env: Record<string, string | undefined>, instances = 1) => doctor(env, { instances });
const notOk = (findings: Finding[]) => findings.filter((f) => f.level !== 'ok');

describe('trainer doctor', () => {
  it('passes a live configuration with every check ok, exit 0 even when strict', () => {
    const findings = run(LIVE, 3);
    expect(notOk(findings)).toEqual([]);
    expect(findings.map((f) => f.check)).toEqual([
      'NODE_ENV',
      'PUBLIC_URL',
      'TRUST_PROXY',
      'DATABASE_URL',
      'REDIS_URL',
      'DEVICE_COOKIE_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
      'dev pages',
      'STRIPE_SECRET_KEY',
      'SANITY_PROJECT_ID',
      'ADMIN_TOKEN',
    ]);
    expect(doctorExitCode(findings, true)).toBe(0);
  });

  it('fails what the server refuses, with the server’s own message, and still runs every other check', () => {
    const findings = run({
      ...LIVE,
      ADMIN_TOKEN: 'short',
      PUBLIC_URL: 'ftp://coach.example',
      SMTP_URL: undefined,
    });
    expect(findings.filter((f) => f.level === 'fail').map((f) => f.check)).toEqual([
      'PUBLIC_URL',
      'ADMIN_TOKEN',
    ]);
    expect(findings.find((f) => f.check === 'ADMIN_TOKEN')?.detail).toMatch(
      /^must be at least 32 characters.*\(the server will not start\)$/,
    );
    // The rest of the checklist, as if the two were fixed: a refused variable is said once.
    expect(findings.filter((f) => f.level !== 'fail').map((f) => f.check)).toEqual([
      'NODE_ENV',
      'TRUST_PROXY',
      'DATABASE_URL',
      'REDIS_URL',
      'DEVICE_COOKIE_SECRET',
      'SMTP_URL',
      'MAIL_FROM',
      'dev pages',
      'STRIPE_SECRET_KEY',
      'SANITY_PROJECT_ID',
    ]);
    expect(findings.find((f) => f.check === 'SMTP_URL')?.level).toBe('warn');
    expect(doctorExitCode(findings, false)).toBe(4);
  });

  it('says every fault of a configuration at once, in the person’s words, production’s refusals included', () => {
    const { STRIPE_SECRET_KEY: _k, ...noKey } = LIVE;
    const findings = run(
      { ...noKey, RATE_LIMIT_MAX: 'abc', PORT: '99999', DATABASE_URL: 'mysql://db/site' },
      2,
    );
    expect(findings.filter((f) => f.level === 'fail').map((f) => [f.check, f.detail])).toEqual([
      ['PORT', 'must be at most 65535, not "99999" (the server will not start)'],
      [
        'DATABASE_URL',
        'must be a URL, such as postgres://user:password@db.example:5432/site (the server will not start)',
      ],
      ['RATE_LIMIT_MAX', 'must be a whole number, not "abc" (the server will not start)'],
      [
        'STRIPE_SECRET_KEY',
        expect.stringMatching(/^is required in production.*\(a production server will not start\)$/),
      ],
    ]);
    expect(findings.some((f) => /expected number|NaN|Invalid input/.test(f.detail))).toBe(false);
    // Checks on the other variables still run: the live ones pass, two instances ask for Redis.
    expect(findings.find((f) => f.check === 'REDIS_URL')).toMatchObject({ level: 'ok' });
    expect(findings.find((f) => f.check === 'SMTP_URL')).toMatchObject({ level: 'ok' });
    expect(findings.find((f) => f.check === 'NODE_ENV')).toMatchObject({ level: 'ok', detail: 'production' });
  });

  it('fails what production refuses even when the file says development', () => {
    const { STRIPE_SECRET_KEY: _k, STRIPE_WEBHOOK_SECRET: _w, ...noStripe } = LIVE;
    const findings = run({ ...noStripe, NODE_ENV: 'development', PASSWORD_HASH_LOG2_COST: '12' });
    expect(findings.filter((f) => f.level === 'fail').map((f) => [f.check, f.detail])).toEqual([
      [
        'PASSWORD_HASH_LOG2_COST',
        'must be at least 17 in production (lower values are for tests) (a production server will not start)',
      ],
      ['STRIPE_SECRET_KEY', expect.stringMatching(/^is required in production.*sandbox gateway/)],
    ]);
    expect(findings.find((f) => f.check === 'NODE_ENV')?.level).toBe('warn');
    // Production refuses a missing key already: the rule does not say it twice.
    expect(findings.filter((f) => f.check === 'STRIPE_SECRET_KEY')).toHaveLength(1);
  });

  it.each([
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /^not set: links in emails .* http:\/\/localhost:3000$/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://coach.example', TRUST_PROXY: undefined }, /is not https/],
    ['TRUST_PROXY', { TRUST_PROXY: undefined }, /^not set behind the proxy that serves https/],
    [
      'DATABASE_URL',
      { DATABASE_URL: undefined },
      /^not set: an embedded database in \.data, for one instance/,
    ],
    ['SMTP_URL', { SMTP_URL: undefined }, /^not set: no email leaves the server/],
    ['MAIL_FROM', { MAIL_FROM: '' }, /no-reply@localhost/],
    ['dev pages', { NODE_ENV: 'development', SMTP_URL: undefined }, /the mailbox shows every reset link/],
    ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: 'sk_test_abc' }, /a test mode key in production/],
    ['STRIPE_API_URL', { STRIPE_API_URL: 'http://127.0.0.1:12111' }, /a test stub/],
    ['SANITY_PROJECT_ID', { SANITY_PROJECT_ID: undefined }, /comes from the files in content/],
    ['ADMIN_TOKEN', { ADMIN_TOKEN: undefined }, /the admin API is off/],
    [
      'ADMIN_TOKEN',
      { ADMIN_TOKEN: 'abababababababababababababababab' },
      /fewer than 16 different characters/,
    ],
  ])('warns about %s: %j', (check, change, detail) => {
    const findings = run({ ...LIVE, ...change });
    const warning = findings.find((f) => f.check === check && f.level === 'warn');
    expect(warning?.detail).toMatch(detail);
    expect(findings.some((f) => f.level === 'fail')).toBe(false);
    expect(doctorExitCode(findings, false)).toBe(0);
    expect(doctorExitCode(findings, true)).toBe(4);
  });

  it('asks more of several instances: Redis and the device secret warn, an embedded database fails', () => {
    const { REDIS_URL: _r, DEVICE_COOKIE_SECRET: _d, DATABASE_URL: _db, ...single } = LIVE;
    expect(notOk(run(single, 1)).map((f) => f.check)).toEqual(['DATABASE_URL']);
    const several = run(single, 3);
    expect(notOk(several).map((f) => [f.level, f.check])).toEqual([
      ['fail', 'DATABASE_URL'],
      ['warn', 'REDIS_URL'],
      ['warn', 'DEVICE_COOKIE_SECRET'],
    ]);
    expect(several.find((f) => f.check === 'REDIS_URL')?.detail).toMatch(/3 times the limit/);
    expect(doctorExitCode(several, false)).toBe(4);
  });
});
