// Generates openapi/schema.d.ts from the contract, and openapi/contract-values.ts, the lists of its
// values the code reads at run time. With --check it only reports whether the committed files are
// current, which the unit tests also assert.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { contractValues, valuesFile } from './contract-values.ts';

export const HEADER = '// Generated from openapi/trainer-api.yaml by `npm run generate:api`. Do not edit.\n';
export const schemaFile = new URL('../openapi/schema.d.ts', import.meta.url);
const contractFile = new URL('../openapi/trainer-api.yaml', import.meta.url);

export async function generateSchema(): Promise<string> {
  const ast = await openapiTS(contractFile);
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  const files = [
    [schemaFile, await generateSchema()],
    [valuesFile, contractValues()],
  ] as const;
  for (const [file, generated] of files) {
    const name = `openapi/${file.pathname.split('/').at(-1)}`;
    if (process.argv.includes('--check')) {
      if (readFileSync(file, 'utf8') !== generated) {
        console.error(`${name} is stale: run npm run generate:api`);
        process.exitCode = 1;
      } else console.log(`${name} is current`);
    } else {
      writeFileSync(file, generated);
      console.log(`wrote ${name}`);
    }
  }
}
