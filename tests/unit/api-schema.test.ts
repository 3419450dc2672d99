import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractValues, VALUES_HEADER, valuesFile } from '../../scripts/contract-values.ts';
import { generateSchema, HEADER, schemaFile } from '../../scripts/generate-api.ts';

describe('generated API types', () => {
  it('say in their first line that they are generated', () => {
    expect(readFileSync(schemaFile, 'utf8').startsWith(HEADER)).toBe(true);
  });

  it('are current with openapi/trainer-api.yaml', async () => {
    expect(readFileSync(schemaFile, 'utf8'), 'run npm run generate:api').toBe(await generateSchema());
    // Generating from the whole contract takes a second on a quiet machine, several on a busy one.
  }, 30_000);

  it('and the lists of its values are current with it too', () => {
    const written = readFileSync(valuesFile, 'utf8');
    expect(written.startsWith(VALUES_HEADER)).toBe(true);
    expect(written, 'run npm run generate:api').toBe(contractValues());
  }, 30_000);
});
