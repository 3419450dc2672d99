// The rendered page's loader (src/hydration/start.ts) imports nothing, so that the build gives it one
// file before the first paint: the names it shares with the app are written out there, and held to
// the app's here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RENDERED_PAGE_ELEMENT_ID } from '../../../domain/rendered-page.ts';
import { SETTINGS_ELEMENT_ID } from '../../../src/features/content/site-settings.ts';
import { STORED_USER_KEY } from '../../../src/lib/stored-user.ts';

const loader = readFileSync('src/hydration/start.ts', 'utf8');

describe("the rendered page's loader", () => {
  it('imports nothing', () => {
    expect(loader).not.toMatch(/^import /m);
  });

  it("reads the stored member, the settings block and the rendered page's data under the app's names", () => {
    expect(loader).toContain(`const STORED_USER_KEY = '${STORED_USER_KEY}';`);
    expect(loader).toContain(`const RENDERED_PAGE_ELEMENT_ID = '${RENDERED_PAGE_ELEMENT_ID}';`);
    expect(loader).toContain(`const SETTINGS_ELEMENT_ID = '${SETTINGS_ELEMENT_ID}';`);
  });
});
