// `npm run qa:path -- <id> --show`: the addresses it prints, and the browser it opens the page in.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { browserCommand, pathAddresses, showPath } from '../../../scripts/qa-path-show.ts';

const dir = mkdtempSync(join(tmpdir(), 'qa-show-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('qa:path --show', () => {
  it("names the path's page from the files and under npm start", () => {
    const { file, served } = pathAddresses({ id: 'M-ECGBE', chart: 'signup-modal' }, '3123');
    expect(file).toMatch(/^file:\/\/.*\/docs\/site\/signup-modal\.html#path=M-ECGBE$/);
    expect(existsSync(fileURLToPath(file.split('#')[0] as string))).toBe(true);
    expect(served).toBe('http://localhost:3123/docs/signup-modal.html#path=M-ECGBE');
  });

  it('opens it with the first browser $BROWSER names, or xdg-open, or says there is none', () => {
    expect(browserCommand({ BROWSER: 'firefox:chromium', PATH: '' })).toBe('firefox');
    // No $BROWSER and nothing on the PATH: none.
    expect(browserCommand({ PATH: dir })).toBeNull();
    const xdg = join(dir, 'xdg-open');
    writeFileSync(xdg, '#!/bin/sh\n');
    chmodSync(xdg, 0o755);
    expect(browserCommand({ PATH: dir })).toBe(xdg);
  });

  it('hands the browser the address of the page', async () => {
    const opened = join(dir, 'opened');
    const browser = join(dir, 'browser');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(browser, 0o755);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    showPath({ id: 'A-12345', chart: 'address' }, { ...process.env, BROWSER: browser, PORT: '3000' });
    log.mockRestore();
    await vi.waitFor(() => expect(existsSync(opened)).toBe(true));
    await vi.waitFor(() =>
      expect(readFileSync(opened, 'utf8')).toMatch(/^file:\/\/.*\/docs\/site\/address\.html#path=A-12345$/),
    );
  });
});
