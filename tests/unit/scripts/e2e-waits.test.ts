// The browser suite's waits: generous by default, raised by the environment, a wrong value refused
// in words, and a run that says what it waits for and what to do when a site never answered.
import { describe, expect, it } from 'vitest';
import {
  SITE_TIMEOUT,
  serverTimeoutAdvice,
  siteTimeout,
  waitNotice,
  waitsOf,
} from '../../../tests/e2e/waits.ts';

describe('the browser suite waits', () => {
  it('five minutes for a site, a minute per test and 15 s per expectation unless told', () => {
    expect(waitsOf({})).toEqual({ server: 300, test: 60, expect: 15 });
    expect(waitsOf({ E2E_SERVER_TIMEOUT_SECONDS: '', E2E_TEST_TIMEOUT_SECONDS: '' })).toEqual({
      server: 300,
      test: 60,
      expect: 15,
    });
  });

  it('as long as the environment says', () => {
    expect(waitsOf({ E2E_SERVER_TIMEOUT_SECONDS: '900', E2E_TEST_TIMEOUT_SECONDS: '120' })).toEqual({
      server: 900,
      test: 120,
      expect: 30,
    });
  });

  it.each(['5m', '-1', '0', '1.5', 'abc'])('refuses E2E_SERVER_TIMEOUT_SECONDS=%s in words', (text) => {
    expect(() => waitsOf({ E2E_SERVER_TIMEOUT_SECONDS: text })).toThrow(
      `E2E_SERVER_TIMEOUT_SECONDS must be a whole number of seconds, such as 300; it is "${text}".`,
    );
  });

  it('says what it waits for before the sites start', () => {
    expect(waitNotice(['site', 'open'], { server: 300, test: 60, expect: 15 })).toBe(
      'Starting 2 sites (site, open); waiting up to 300 s for each to answer /api/health ' +
        '(E2E_SERVER_TIMEOUT_SECONDS waits longer), 60 s per test (E2E_TEST_TIMEOUT_SECONDS).',
    );
  });

  it('recognises the run giving up on a site, and advises a longer wait', () => {
    const said = siteTimeout('no-annual', 300_000, 'http://127.0.0.1:4000/api/health');
    expect(said).toBe(
      'Timed out waiting 300000ms for the no-annual site to answer http://127.0.0.1:4000/api/health.',
    );
    expect(SITE_TIMEOUT.test(`Error: ${said}`)).toBe(true);
    expect(SITE_TIMEOUT.test('Timed out waiting 30000ms for the test')).toBe(false);
    expect(serverTimeoutAdvice({ server: 300, test: 60, expect: 15 })).toContain(
      'E2E_SERVER_TIMEOUT_SECONDS=600',
    );
  });
});
