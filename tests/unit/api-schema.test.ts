import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchema, HEADER, schemaFile } from '../../scripts/generate-api.ts';

describe('generated API types', () => {
  it('say in their first line that they are generated', () => {
    expect(readFileSync(schemaFile, 'utf8').startsWith(HEADER)).toBe(true);
  });

  it('are current with openapi/trainer-api.yaml', async () => {
    expect(readFileSync(schemaFile, 'utf8'), 'run npm run generate:api').toBe(await generateSchema());
  });
});
