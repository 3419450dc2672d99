// `npm run qa:path` reads its argument as an id, tags or words, and the catalogue's tags say what
// each path needs.
import { beforeAll, describe, expect, it } from 'vitest';
import { describePath, inStudio, uiPaths } from '../../paths/catalog.ts';
import { selectPaths } from '../../paths/select.ts';
import { type TaggedPath, taggedPaths, verifiesEmails } from '../../paths/tags.ts';

let catalogue: TaggedPath[] = [];
beforeAll(async () => {
  catalogue = await taggedPaths(uiPaths(), async (path) =>
    path.id === 'M-4XY3P' ? ['spec-9-checkout'] : [],
  );
  // Generating the paths and choosing the browser's replays each chart's paths on its machine.
}, 30_000);
const ids = (query: string[]) => selectPaths(query, catalogue).paths.map((entry) => entry.path.id);

describe('selectPaths', () => {
  it('reads an id, in any case', () => {
    expect(selectPaths(['m-4xy3p'], catalogue)).toMatchObject({ by: 'id' });
    expect(ids(['m-4xy3p'])).toEqual(['M-4XY3P']);
  });

  it('reads tags: the paths that carry all of them, spec rules included', () => {
    expect(ids(['spec-9-checkout'])).toEqual(['M-4XY3P']);
    const off = selectPaths(['verification:off', 'member:monthly'], catalogue);
    expect(off.by).toBe('tag');
    expect(off.paths.length).toBeGreaterThan(0);
    for (const { path, tags } of off.paths) {
      expect(verifiesEmails(path)).toBe(false);
      expect(tags).toContain('member:monthly');
    }
    expect(ids(['chromium:desktop'])).toHaveLength(47);
    expect(ids(['chromium:375px'])).toHaveLength(18);
  });

  it('reads words: the paths whose description holds all of them, in any case', () => {
    const found = selectPaths(['RESET', 'too many'], catalogue);
    expect(found.by).toBe('words');
    expect(found.paths.length).toBeGreaterThan(0);
    for (const { path } of found.paths)
      expect(describePath(path).toLowerCase()).toMatch(/reset.*too many|too many.*reset/);
  });

  it('finds nothing for what matches nothing', () => {
    expect(ids(['no-such-thing'])).toEqual([]);
    expect(ids([])).toEqual([]);
  });
});

describe('the catalogue tags', () => {
  it('give every path one behaviour, its site setting and the members it involves', () => {
    for (const { path, group, tags } of catalogue) {
      expect(tags.filter((tag) => tag.startsWith('outcome:'))).toEqual([`outcome:${group.slug}`]);
      // The studio has no email-verification setting: its paths carry no such tag.
      if (inStudio(path)) expect(tags.some((tag) => tag.startsWith('verification:'))).toBe(false);
      else expect(tags).toContain(`verification:${verifiesEmails(path) ? 'on' : 'off'}`);
      expect(tags.some((tag) => tag.startsWith('member:'))).toBe(true);
    }
  });
});
