import { describe, expect, it } from 'vitest';
import { crashed } from '../../../scripts/vitest.ts';

const ended = { status: 1, signal: null, output: '' };

describe('the Vitest runner', () => {
  it('runs again only after a crash of the runtime, never after failed tests', () => {
    expect(crashed({ ...ended, status: null, signal: 'SIGTRAP' })).toBe(true);
    expect(crashed({ ...ended, status: 133 })).toBe(true);
    expect(
      crashed({ ...ended, output: 'Worker exited unexpectedly with signal SIGABRT during started state' }),
    ).toBe(true);
    expect(crashed(ended)).toBe(false);
    expect(crashed({ ...ended, status: 0 })).toBe(false);
    expect(crashed({ ...ended, status: null, signal: 'SIGINT' })).toBe(false);
    expect(crashed({ ...ended, output: 'AssertionError: expected 1 to be 2' })).toBe(false);
  });
});
