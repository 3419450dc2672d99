import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueChanges } from '../../../scripts/freshness.ts';
import { PATHS_FILE, renderPaths } from '../../../scripts/qa-paths.ts';
import { uiPaths } from '../../paths/catalog.ts';

// Each test renders the whole catalogue (every chart's paths and every executor table's), a few
// seconds of work on a busy 2-core machine: more than the default 5 s allows.
const RENDERS_THE_CATALOGUE = 60_000;

describe('docs/qa/paths.md', { timeout: RENDERS_THE_CATALOGUE }, () => {
  // A stale catalogue says which paths now do what, in words: regenerating is accepting that change.
  it('lists the paths the charts and executor tables generate', async () => {
    const committed = readFileSync(PATHS_FILE, 'utf8');
    const fresh = await renderPaths();
    if (committed !== fresh) expect.fail(catalogueChanges(committed, fresh));
  });

  it("carries each path's spec-rule tags from the source it is given", async () => {
    const [first] = uiPaths();
    const text = await renderPaths(uiPaths(), async (path) =>
      path === first ? ['spec-4-refused-reset'] : [],
    );
    expect(text.split('\n').filter((line) => line.includes('`spec-4-refused-reset`'))).toEqual([
      expect.stringMatching(new RegExp(`^\\| ${first?.id} \\|`)),
    ]);
  });
});
