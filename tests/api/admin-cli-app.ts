// The app the CLI's tests run against: a real server listening on a port, started before a file's
// tests and closed after; the CLI run as a child process with the token in ADMIN_TOKEN unless a test
// gives another environment.
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { runCli } from './cli-process.ts';
import { TEST_ENV } from './members.ts';

export const CLI_TOKEN = 'cli-admin-token-long-enough-0123456789';

export function cliAgainstApp() {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...TEST_ENV, ADMIN_TOKEN: CLI_TOKEN } });
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());
  return {
    app: () => t,
    url: () => url,
    trainer: (args: string[], env: Record<string, string> = { ADMIN_TOKEN: CLI_TOKEN }) => runCli(args, env),
    withServer: (...args: string[]) => ['--url', url, ...args],
  };
}
