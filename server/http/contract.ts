// The OpenAPI file is the source of truth: every route the API serves is registered from it, with
// its request schema compiled by Fastify's AJV, so a request the contract does not allow never
// reaches a handler. An operation's `security` decides here whether it needs a token, so no handler
// can forget to ask; outside production every JSON response is checked against the contract too.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { parse } from 'yaml';
import type { operations } from '../../openapi/schema.d.ts';
import type { AdminCaller } from '../auth/admin-token.ts';
import type { Auth } from '../auth/authenticate.ts';
import type { StaffAuth } from '../auth/staff.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's operation a route serves (the rate limits pick theirs by it). */
    operationId?: string;
  }
  interface FastifyRequest {
    /** The caller, set before the handler runs for every operation whose contract asks for a token. */
    auth?: Auth;
    /** The operator, for the operations the contract secures with the admin token. */
    admin?: AdminCaller;
    /** The staff member, for the operations the contract secures with the studio's session. */
    staff?: StaffAuth;
  }
}

/** The caller of an operation that the contract secures. */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new Error(`${request.routeOptions.url} is not secured in the contract`);
  return request.auth;
}

/** The operator calling an admin operation. */
export function adminOf(request: FastifyRequest): AdminCaller {
  if (!request.admin)
    throw new Error(`${request.routeOptions.url} is not an admin operation in the contract`);
  return request.admin;
}

/** The staff member calling a studio operation. */
export function staffOf(request: FastifyRequest): StaffAuth {
  if (!request.staff)
    throw new Error(`${request.routeOptions.url} is not a studio operation in the contract`);
  return request.staff;
}

export type OperationId = keyof operations;

type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;
type Part<O, K extends string> = O extends { parameters: { [P in K]?: infer T } }
  ? T extends Record<string, unknown>
    ? T
    : Record<string, never>
  : Record<string, never>;

export type OperationRequest<Op extends OperationId> = FastifyRequest<{
  Body: JsonBody<operations[Op]>;
  Params: Part<operations[Op], 'path'>;
  Querystring: Part<operations[Op], 'query'>;
}>;

export type OperationHandler<Op extends OperationId> = (
  request: OperationRequest<Op>,
  reply: FastifyReply,
) => Promise<unknown>;

export type Handlers = { [Op in OperationId]?: OperationHandler<Op> };

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { [k: string]: Json };

export const contractPath = new URL('../../openapi/trainer-api.yaml', import.meta.url);
export const contract: Schema = parse(readFileSync(contractPath, 'utf8'));

/** Inlines every local `$ref`, so each route schema stands alone for AJV. The contract has no cycles. */
export function deref(node: Json): Json {
  if (Array.isArray(node)) return node.map(deref);
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<Json>((n, key) => (n as Schema)[key] as Json, contract);
    return deref(target);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v)]));
}

export interface ContractOperation {
  id: OperationId;
  method: string;
  path: string;
  fastifyPath: string;
  operation: Schema;
}

export function contractOperations(): ContractOperation[] {
  const paths = contract.paths as Record<string, Record<string, Schema>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      id: op.operationId as OperationId,
      method: method.toUpperCase(),
      path,
      fastifyPath: path.replace(/\{(\w+)\}/g, ':$1'),
      operation: deref(op) as Schema,
    })),
  );
}

/**
 * The operations as the server registers them, dereferenced once per process: each app built here
 * (a test file starts several) then registers the same schemas, and inlining the contract's
 * references again for every area of every app cost more than the rest of building one.
 */
let served: readonly ContractOperation[] | undefined;
export function servedOperations(): readonly ContractOperation[] {
  served ??= contractOperations();
  return served;
}

function parametersSchema(op: Schema, where: string): Schema | undefined {
  const params = ((op.parameters as Schema[] | undefined) ?? []).filter((p) => p.in === where);
  if (params.length === 0) return undefined;
  // Node lowercases header names; path and query names keep their case (`userID`).
  const key = (p: Schema) => (where === 'header' ? String(p.name).toLowerCase() : String(p.name));
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [key(p), p.schema as Json])),
    required: params.filter((p) => p.required).map(key),
  };
}

export function requestSchema(op: Schema): Schema {
  const body = (op.requestBody as Schema | undefined)?.content as Schema | undefined;
  const jsonBody = (body?.['application/json'] as Schema | undefined)?.schema;
  const schema: Schema = {};
  if (jsonBody) schema.body = jsonBody;
  for (const [where, key] of [
    ['path', 'params'],
    ['query', 'querystring'],
    ['header', 'headers'],
  ] as const) {
    const s = parametersSchema(op, where);
    if (s) schema[key] = s;
  }
  return schema;
}

/** The security schemes an operation accepts, any one of which suffices; none when it is public. */
export function securitySchemes(op: Schema): string[] {
  const security = (op.security ?? contract.security ?? []) as Schema[];
  return security.flatMap((requirement) => Object.keys(requirement));
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) });
ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
/** Per operation and status: null when the status is not declared, else its body's check if it has one. */
const validators = new Map<string, { validate: ValidateFunction | null } | null>();

/**
 * Why a response breaks the contract: a status the operation does not declare, or a JSON body that
 * does not match that status's schema. Null when it keeps the contract.
 */
export function responseViolation(op: ContractOperation, status: number, body: unknown): string | null {
  const key = `${op.id} ${status}`;
  if (!validators.has(key)) {
    const responses = op.operation.responses as Record<
      string,
      { content?: Record<string, { schema?: Schema }> }
    >;
    const declared = responses[String(status)];
    const schema = declared?.content?.['application/json']?.schema;
    validators.set(key, declared ? { validate: schema ? ajv.compile(schema) : null } : null);
  }
  const entry = validators.get(key);
  if (!entry) return `${op.id} does not declare status ${status}`;
  if (!entry.validate || entry.validate(body)) return null;
  return `${op.id} ${status}: ${ajv.errorsText(entry.validate.errors)}`;
}

export interface ContractOptions {
  /** Resolves the caller of an operation from the request, accepting only the given security schemes. */
  authenticate(
    request: FastifyRequest,
    schemes: readonly string[],
    operation: OperationId,
  ): Promise<Auth | AdminCaller | StaffAuth>;
  /** Check every JSON response against the contract (development and test). */
  checkResponses: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Serves these operations of the contract from this plugin: each area's plugin calls it with its
     * own handlers, so the hooks and options the area registers (a raw body, say) stay inside it.
     */
    operations(handlers: Handlers, options?: { rawBody?: readonly OperationId[] }): void;
    /** Answers 501 for every operation of the contract that no area has served; registered last. */
    unservedOperations(): void;
  }
}

/**
 * The contract as a plugin: registered once at the root, it gives every area plugin `operations()`,
 * which registers that area's routes from the contract, and keeps count of what is served.
 */
export const contractPlugin = fastifyPlugin<ContractOptions>(
  async (app, options) => {
    const served = new Set<OperationId>();
    app.decorate('operations', function (this: FastifyInstance, handlers, routeOptions) {
      for (const op of servedOperations()) {
        const handler = handlers[op.id] as OperationHandler<OperationId> | undefined;
        if (!handler) continue;
        if (served.has(op.id)) throw new Error(`${op.id} is served by two areas`);
        served.add(op.id);
        registerOperation(this, op, handler, options, routeOptions?.rawBody?.includes(op.id) ?? false);
      }
    });
    app.decorate('unservedOperations', function (this: FastifyInstance) {
      for (const op of servedOperations()) {
        if (served.has(op.id)) continue;
        registerOperation(
          this,
          op,
          async (_req, reply) =>
            reply.code(501).send({ success: false, message: `${op.id} is not implemented by this server` }),
          options,
          false,
        );
      }
    });
  },
  { name: 'contract' },
);

function registerOperation(
  app: FastifyInstance,
  op: ContractOperation,
  handler: OperationHandler<OperationId>,
  options: ContractOptions,
  rawBody: boolean,
): void {
  const schemes = securitySchemes(op.operation);
  app.route({
    method: op.method as 'GET',
    url: op.fastifyPath,
    schema: requestSchema(op.operation),
    config: { operationId: op.id, ...(rawBody && { rawBody: true }) },
    ...(schemes.length > 0 && {
      preHandler: async (request: FastifyRequest) => {
        const caller = await options.authenticate(request, schemes, op.id);
        if (caller.kind === 'admin') request.admin = caller;
        else if (caller.kind === 'staff') request.staff = caller;
        else request.auth = caller;
      },
    }),
    ...(options.checkResponses && {
      onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (
          typeof payload !== 'string' ||
          !String(reply.getHeader('content-type')).startsWith('application/json')
        ) {
          return payload;
        }
        const violation = responseViolation(op, reply.statusCode, JSON.parse(payload));
        if (!violation) return payload;
        request.log.error({ violation }, 'response breaks the contract');
        // Only an answer the client would act on as a success is replaced: a 2xx or 3xx body that
        // breaks its schema is the server's fault, and passed on it would mislead the client. A
        // refusal (4xx) or failure (5xx) already tells the client not to rely on the answer, and
        // it names what to fix; a 500 instead would blame the server for the client's mistake,
        // invite retries of a request that can never succeed, and make development answer
        // differently from production. The breach is in the log either way.
        if (reply.statusCode >= 400) return payload;
        reply.code(500);
        return JSON.stringify({
          success: false,
          message: `The response breaks the contract: ${violation}`,
        });
      },
    }),
    handler: (req, reply) => handler(req as OperationRequest<OperationId>, reply),
  });
}
