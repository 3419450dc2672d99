// Checks a response against the contract: the status must be one the operation declares, and the
// body must match that status's schema. Every API test goes through this; it uses the same check
// the server applies to its own responses outside production.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { contractOperations, type OperationId, responseViolation } from '../../server/http/contract.ts';
import type { TestApp } from './app.ts';

const operations = new Map(contractOperations().map((op) => [op.id, op]));

export function expectContract(response: LightMyRequestResponse, operationId: OperationId): unknown {
  const op = operations.get(operationId);
  if (!op) throw new Error(`No operation ${operationId} in the contract`);
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
  const body: unknown = json ? response.json() : undefined;
  expect(responseViolation(op, response.statusCode, body), response.body).toBeNull();
  return body;
}

/** An answer's JSON as a test reads it: any field, and the message of a refusal. */
export type AnswerBody = Record<string, unknown> & { message?: string };

/**
 * Calls of the admin API on the app `app()` returns (it is started in a beforeAll): each with the
 * operator's `headers` unless the call gives others, and each answer checked against the contract.
 */
export function adminCalls(app: () => TestApp, headers: Record<string, string>) {
  return async (
    op: OperationId,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    with_: Record<string, string> = headers,
  ) => {
    const res = await app().app.inject({
      method,
      url,
      headers: with_,
      ...(payload !== undefined && { payload: payload as object }),
    });
    return { res, body: expectContract(res, op) as AnswerBody };
  };
}
