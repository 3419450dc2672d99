import { describe, expect, it } from 'vitest';
import { readStoredUser, STORED_USER_KEY, writeStoredUser } from '../../../src/flows/stored-user.ts';
import { user } from '../../machine/fixtures.ts';
import { MemoryStorage } from './fake-api.ts';

describe('the stored user (pcc-user)', () => {
  it('keeps the user, token included, under pcc-user', () => {
    const storage = new MemoryStorage();
    writeStoredUser(storage, user());
    expect(STORED_USER_KEY).toBe('pcc-user');
    expect(readStoredUser(storage)).toEqual(user());
  });

  it('reads nothing as no user', () => {
    expect(readStoredUser(new MemoryStorage())).toBeNull();
  });

  it('refuses a stored copy that is not a user, so the session removes it', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORED_USER_KEY, '{"name":"not a user"}');
    expect(() => readStoredUser(storage)).toThrow('pcc-user does not hold a user');
    storage.setItem(STORED_USER_KEY, '{broken');
    expect(() => readStoredUser(storage)).toThrow();
  });
});
