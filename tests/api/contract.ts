// Checks a response against the contract: the status must be one the operation declares, and the
// body must match that status's schema. Every API test goes through this; it uses the same check
// the server applies to its own responses outside production.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { contractOperations, type OperationId, responseViolation } from '../../server/http/contract.ts';

const operations = new Map(contractOperations().map((op) => [op.id, op]));

export function expectContract(response: LightMyRequestResponse, operationId: OperationId): unknown {
  const op = operations.get(operationId);
  if (!op) throw new Error(`No operation ${operationId} in the contract`);
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  const body: unknown = json ? response.json() : undefined;
  expect(responseViolation(op, response.statusCode, body), response.body).toBeNull();
  return body;
}
