// The memory what a request keeps for the next one is held in: one per database, bounded.
import { describe, expect, it } from 'vitest';
import { KeptPerDatabase } from '../../../server/db/kept-per-database.ts';

describe('KeptPerDatabase', () => {
  it('keeps each database apart', () => {
    const kept = new KeptPerDatabase<string>(10);
    const a = {};
    const b = {};
    kept.set(a, 'token', 'on a');
    expect(kept.get(a, 'token')).toBe('on a');
    expect(kept.get(b, 'token')).toBeUndefined();
    kept.delete(a, 'token');
    expect(kept.get(a, 'token')).toBeUndefined();
  });

  it('past its bound, lets go of the entry set longest ago, an entry set again counting as new', () => {
    const kept = new KeptPerDatabase<number>(3);
    const db = {};
    kept.set(db, 'one', 1);
    kept.set(db, 'two', 2);
    kept.set(db, 'three', 3);
    kept.set(db, 'one', 11);
    kept.set(db, 'four', 4);
    expect(['one', 'two', 'three', 'four'].map((key) => kept.get(db, key))).toEqual([11, undefined, 3, 4]);
  });
});
