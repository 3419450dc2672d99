// A text the server writes into a page goes in through a replacement function, never a replacement
// string: String.replace reads `$&`, `` $` ``, `$'` and `$1` in a string built from data as patterns,
// so one CMS text could copy the page's template into itself (tests/api/content/cms-text-literally).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const files = [
  ...readdirSync(path.join(ROOT, 'server'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name))),
  'src/server-render.tsx',
];

/** `.replace(pattern, <a template with ${…}>)` or `.replace(pattern, someVariable)`. */
const BUILT_REPLACEMENT =
  /\.replace(?:All)?\(\s*(?:\/(?:\\.|[^/\n])+\/[a-z]*|'[^'\n]*'|"[^"\n]*"|[\w.]+),\s*(?:`[^`]*\$\{|[\w.]+\s*\))/g;

describe('replacements', () => {
  it('are functions wherever the replacement is built from values', () => {
    const found = files.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(BUILT_REPLACEMENT)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
