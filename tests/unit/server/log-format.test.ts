// Who reads the logs decides their shape: a person at a terminal outside production reads lines, a
// pipe, a collector or production reads JSON; LOG_FORMAT overrides both ways.
import { describe, expect, it } from 'vitest';
import { logFormat } from '../../../server/http/logging.ts';

describe('logFormat', () => {
  it.each([
    // isTTY, NODE_ENV, LOG_FORMAT, expected
    [true, 'development', undefined, 'pretty'],
    [true, 'test', undefined, 'pretty'],
    [false, 'development', undefined, 'json'],
    [undefined, 'development', undefined, 'json'],
    [true, 'production', undefined, 'json'],
    [false, 'production', 'pretty', 'pretty'],
    [true, 'development', 'json', 'json'],
  ] as const)('a terminal %s in %s with LOG_FORMAT=%s writes %s', (isTTY, nodeEnv, chosen, expected) => {
    expect(logFormat({ isTTY, nodeEnv, chosen })).toBe(expected);
  });
});
