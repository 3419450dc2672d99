import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords.ts';

describe('password hashes', () => {
  it('hash and verify at the production cost, scrypt N=2^17 r=8 p=1', async () => {
    const stored = await hashPassword('correct horse battery', 17);
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    // Three hashes at the production cost: slow on purpose, about a second each on a busy machine.
  }, 30_000);

  it('verify a hash made at a lower test cost, because the cost is stored with it', async () => {
    const stored = await hashPassword('another secret', 10);
    expect(await verifyPassword('another secret', stored)).toBe(true);
  });
});
