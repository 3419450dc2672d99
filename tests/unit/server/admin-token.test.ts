// Who may use the admin API (decision 117): the token compared as digests, off without one, and
// never over plain HTTP in production (a proxy in TRUST_PROXY vouches for HTTPS with X-Forwarded-Proto,
// which Fastify reads into request.protocol).
import { describe, expect, it } from 'vitest';
import { adminCaller, adminTokenMatches, admitAdminRequest } from '../../../server/auth/admin-token.ts';
import { loadConfig } from '../../../server/config.ts';

const TOKEN = 'x'.repeat(40);
const production = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    STRIPE_SECRET_KEY: 'sk_test_a',
    STRIPE_WEBHOOK_SECRET: 'whsec_a',
    ...env,
  });

describe('the admin token', () => {
  it('matches only itself, whatever the length of the guess', () => {
    expect(adminTokenMatches(TOKEN, TOKEN)).toBe(true);
    for (const guess of [
      undefined,
      '',
      'x',
      'x'.repeat(39),
      'x'.repeat(41),
      `${'x'.repeat(39)}y`,
      'y'.repeat(300),
    ]) {
      expect(adminTokenMatches(TOKEN, guess), String(guess)).toBe(false);
    }
    expect(adminTokenMatches(TOKEN, [TOKEN, 'other'])).toBe(true);
  });

  it('gives the caller the actor named beside it, and refuses any other token with 401', () => {
    const config = loadConfig({ ADMIN_TOKEN: TOKEN });
    expect(adminCaller(config, { 'admin-token': TOKEN, 'admin-actor': 'Ana' })).toEqual({
      kind: 'admin',
      actor: 'Ana',
    });
    expect(() => adminCaller(config, { 'admin-token': 'nope' })).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
    expect(() => adminCaller(loadConfig({}), { 'admin-token': TOKEN })).toThrow(
      expect.objectContaining({ statusCode: 401 }),
    );
  });

  it('is refused at start when shorter than 32 characters', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'x'.repeat(31) })).toThrow(
      /ADMIN_TOKEN: must be at least 32 characters/,
    );
    expect(loadConfig({ ADMIN_TOKEN: 'x'.repeat(32) }).ADMIN_TOKEN).toHaveLength(32);
  });
});

describe('which requests reach the admin API', () => {
  it('none without ADMIN_TOKEN: 404, as if the paths did not exist', () => {
    expect(() => admitAdminRequest(loadConfig({}), 'https')).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
  });

  it('in production only HTTPS (403 over plain HTTP); in development either', () => {
    const config = production({ ADMIN_TOKEN: TOKEN });
    expect(() => admitAdminRequest(config, 'http')).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => admitAdminRequest(config, 'https')).not.toThrow();
    expect(() => admitAdminRequest(loadConfig({ ADMIN_TOKEN: TOKEN }), 'http')).not.toThrow();
  });
});
