// Checks a response against the contract: the status must be one the operation declares, and the
// body must match that status's schema. Every API test goes through this.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { contractOperations, type OperationId } from '../../server/contract.ts';

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) });
ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);

const operations = new Map(contractOperations().map((op) => [op.id, op]));

export function expectContract(response: LightMyRequestResponse, operationId: OperationId): unknown {
  const op = operations.get(operationId);
  if (!op) throw new Error(`No operation ${operationId} in the contract`);
  const responses = op.operation.responses as Record<
    string,
    { content?: Record<string, { schema: object }> }
  >;
  const declared = responses[String(response.statusCode)];
  expect(
    declared,
    `${operationId} does not declare status ${response.statusCode}: ${response.body}`,
  ).toBeDefined();
  const schema = declared?.content?.['application/json']?.schema;
  if (!schema) return undefined;
  const body: unknown = response.json();
  const validate = ajv.compile(schema);
  expect(validate(body), `${operationId} ${response.statusCode}: ${ajv.errorsText(validate.errors)}`).toBe(
    true,
  );
  return body;
}
