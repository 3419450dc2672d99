// The server's start with a bad configuration: every refused variable named, in words, before any of
// the app is loaded. A module hook in the child reports each module of the app it loads, so the test
// reads what was imported rather than how long it took.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAIN = path.resolve(import.meta.dirname, '../../server/main.ts');
/** Prints every server module resolved, on stderr, as `loaded <path>`. */
const HOOK = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
registerHooks({ resolve(specifier, context, next) {
  const result = next(specifier, context);
  if (result.url.includes('/server/')) process.stderr.write('loaded ' + new URL(result.url).pathname + '\\n');
  return result;
} });`)}`;

function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', HOOK, MAIN],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? -1) : 0, stderr }),
    );
  });
}

describe('the server’s start with a bad configuration', () => {
  it('names every refused variable in words and stops before loading the app', async () => {
    const { code, stderr } = await start({ ADMIN_TOKEN: 'short', RATE_LIMIT_MAX: 'abc', PORT: '70000' });
    expect(code).toBe(1);
    const said = stderr.split('\n').filter((line) => !line.startsWith('loaded '));
    expect(said).toEqual([
      'Invalid configuration:',
      '  PORT: must be at most 65535, not "70000"',
      '  RATE_LIMIT_MAX: must be a whole number, not "abc"',
      expect.stringMatching(/^ {2}ADMIN_TOKEN: must be at least 32 characters/),
      '',
    ]);
    const loaded = stderr
      .split('\n')
      .filter((line) => line.startsWith('loaded '))
      .map((line) => path.relative(path.dirname(MAIN), line.slice('loaded '.length)));
    expect(loaded).toContain('config.ts');
    expect(loaded).not.toContain('app.ts');
    expect(loaded).not.toContain('context.ts');
  });
});
