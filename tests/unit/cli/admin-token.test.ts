// When the CLI warns that the admin token would cross the network in clear: plain http:// to any
// host that is not this machine (decision 134).
import { describe, expect, it } from 'vitest';
import { plainTextWarning } from '../../../cli/admin-token.ts';

describe('plainTextWarning', () => {
  it('warns for http:// to another machine, by name or address', () => {
    for (const url of [
      'http://coach.example',
      'http://coach.example:8080/',
      'http://10.0.0.5:3000',
      'http://192.168.1.20',
      'http://[2001:db8::1]:3000',
      'http://127.0.0.1.nip.io',
      'http://localhost.example.com',
    ]) {
      expect(plainTextWarning(url), url).toBe(
        `warning: the admin token goes to ${new URL(url).host} over plain http://, readable by anyone on the way; use https://`,
      );
    }
  });

  it('is quiet for https://, and for http:// that stays on this machine', () => {
    for (const url of [
      'https://coach.example',
      'https://10.0.0.5',
      'http://localhost:3000',
      'http://LOCALHOST:3000',
      'http://app.localhost',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:3000',
      'not a url',
    ]) {
      expect(plainTextWarning(url), url).toBeUndefined();
    }
  });
});
