// Generates openapi/schema.d.ts from the contract. With --check it only reports whether the
// committed file is current, which the unit tests also assert.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

export const HEADER = '// Generated from openapi/trainer-api.yaml by `npm run generate:api`. Do not edit.\n';
export const schemaFile = new URL('../openapi/schema.d.ts', import.meta.url);
const contractFile = new URL('../openapi/trainer-api.yaml', import.meta.url);

export async function generateSchema(): Promise<string> {
  const ast = await openapiTS(contractFile);
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  const generated = await generateSchema();
  if (process.argv.includes('--check')) {
    const current = readFileSync(schemaFile, 'utf8');
    if (current !== generated) {
      console.error('openapi/schema.d.ts is stale: run npm run generate:api');
      process.exit(1);
    }
    console.log('openapi/schema.d.ts is current');
  } else {
    writeFileSync(schemaFile, generated);
    console.log('wrote openapi/schema.d.ts');
  }
}
