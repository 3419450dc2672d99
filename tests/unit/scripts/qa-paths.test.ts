import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PATHS_FILE, renderPaths } from '../../../scripts/qa-paths.ts';

describe('docs/qa/paths.md', () => {
  it('lists the paths the charts and executor tables generate (run `npm run qa:paths` after a change)', () => {
    expect(readFileSync(PATHS_FILE, 'utf8')).toBe(renderPaths());
  });
});
