// The tests' msw handlers go through `contractHttp` (decision 104), which types each one by the
// contract's paths and bodies: a handler on msw's own `http` could answer a path or a body the
// contract does not have, and the type check would not notice.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WRAPPER = 'tests/contract-http.ts';

it("no test file but the typed wrapper imports msw's http", () => {
  const untyped = readdirSync(path.join(ROOT, 'tests'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => file !== WRAPPER)
    .filter((file) =>
      /import\s*\{[^}]*\bhttp\b[^}]*\}\s*from\s*'msw'/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
  expect(untyped).toEqual([]);
});
