import { describe, expect, it } from 'vitest';
import {
  peekStoredUser,
  readStoredUser,
  STORED_USER_KEY,
  writeStoredUser,
} from '../../../src/lib/stored-user.ts';
import { user } from '../../machine/fixtures.ts';
import { MemoryStorage } from '../flows/fake-api.ts';

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

  it('peeks at the stored user for the first paint, taking an unreadable copy as none', () => {
    const storage = new MemoryStorage();
    expect(peekStoredUser(storage)).toBeNull();
    writeStoredUser(storage, user());
    expect(peekStoredUser(storage)).toEqual(user());
    storage.setItem(STORED_USER_KEY, '{broken');
    expect(peekStoredUser(storage)).toBeNull();
    storage.setItem(STORED_USER_KEY, JSON.stringify({ token: 42 }));
    expect(peekStoredUser(storage)).toBeNull();
  });
});
