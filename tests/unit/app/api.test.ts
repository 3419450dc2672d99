import { describe, expect, it } from 'vitest';
import { storedToken, USER_STORAGE_KEY } from '../../../src/app/api.ts';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === USER_STORAGE_KEY ? value : null),
});

describe('the token of the stored user (pcc-user)', () => {
  it('is read from the stored user object', () => {
    expect(storedToken(storage(JSON.stringify({ _id: 'u', token: 'abc' })))).toBe('abc');
  });

  it('is absent when nothing or something unreadable is stored', () => {
    expect(storedToken(storage(null))).toBeNull();
    expect(storedToken(storage('{not json'))).toBeNull();
    expect(storedToken(storage(JSON.stringify({ token: 42 })))).toBeNull();
  });
});
