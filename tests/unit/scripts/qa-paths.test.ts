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
    const entry = text.slice(text.indexOf(`- **${first?.id}** `));
    expect(entry.slice(0, entry.indexOf('</details>'))).toContain('`spec-4-refused-reset`');
    expect(text.split('`spec-4-refused-reset`')).toHaveLength(2);
  });

  it('tags a rule on the three shortest paths that exercise it, not on every path crossing it', async () => {
    const paths = uiPaths();
    const text = await renderPaths(paths, async () => ['spec-2-hidden-by-default']);
    // The oracle: the three paths of fewest steps, ties by id, counted here from the paths themselves.
    const shortest = [...paths]
      .sort((a, b) => a.steps.length - b.steps.length || a.id.localeCompare(b.id))
      .slice(0, 3)
      .map((path) => path.id);
    const tagged = [...text.matchAll(/^- \*\*([A-Z]-[0-9A-Z]{5})\*\*[\s\S]*?<\/details>/gm)]
      .filter((match) => match[0].includes('`spec-2-hidden-by-default`'))
      .map((match) => match[1]);
    expect(tagged.sort()).toEqual(shortest.sort());
  });

  it('reads as a list: one line per path, the member in good grammar', () => {
    const committed = readFileSync(PATHS_FILE, 'utf8');
    expect(committed).not.toMatch(/\ba (unverified|annual)\b/);
    expect(committed).toMatch(/an unverified member/);
    const lines = committed.split('\n').filter((line) => /^- \*\*[A-Z]-[0-9A-Z]{5}\*\* /.test(line));
    expect(lines).toHaveLength(uiPaths().length);
    // The line says what the member does and where they end, not the tags.
    for (const line of lines) expect(line).not.toContain('`');
  });
});
