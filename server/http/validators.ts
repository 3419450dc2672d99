// Fastify's request validators, compiled once per process rather than once per app. Each app
// otherwise builds its own AJV and compiles every route's schema again: about half a second of CPU
// per app, which the API tests pay on each of the few hundred servers they start (decision 181). A
// production process builds one app, so there it changes nothing.
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;
type RouteSchema = { schema: unknown; httpPart?: string; contentType?: string };
type Compile = (route: RouteSchema) => unknown;

/** Fastify's own compilers, one AJV per set of options, as each app would make them. */
const pool = AjvCompiler() as unknown as (externalSchemas: unknown, options: unknown) => Compile;
/** What each compiler made, by the part of the request and the schema's text. */
const compiled = new WeakMap<Compile, Map<string, unknown>>();

/**
 * The validator a route's schema compiles to, the same function for the same schema text in every
 * app: the contract builds each route's parameter schemas anew, so they are matched by content. AJV's
 * functions keep no state across calls but their last errors, which Fastify reads synchronously
 * after each call. Fastify leaves a custom compiler's header schemas as they are rather than
 * lowercasing their names: the contract's are lowercased already (parametersSchema).
 */
export const sharedValidators = ((externalSchemas: unknown, options: unknown) => {
  const compile = pool(externalSchemas, options);
  const byText = compiled.get(compile) ?? new Map<string, unknown>();
  compiled.set(compile, byText);
  return (route: RouteSchema) => {
    const key = `${route.httpPart} ${route.contentType ?? ''} ${JSON.stringify(route.schema)}`;
    const known = byText.get(key);
    if (known) return known;
    const validate = compile(route);
    byText.set(key, validate);
    return validate;
  };
}) as unknown as ValidatorFactory;
