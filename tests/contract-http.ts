// msw handlers typed by the contract (decision 104): a handler names a path as openapi/openapi.yaml
// spells it, and its request and response bodies are that operation's, so a handler for a path, a
// method or a body the contract does not have fails the type check. openapi-msw does this for msw 2
// only; this is the same thin layer over msw 3's `http`.
import { type DefaultBodyType, type HttpHandler, type HttpResponseResolver, http } from 'msw';
import type { paths } from '../openapi/schema.d.ts';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The contract's paths that have an operation for `method`. */
export type ContractPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type Operation<M extends Method, P extends ContractPath<M>> = paths[P][M];

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** Every JSON body the operation may answer with, whatever the status. */
type ResponseBody<O> = O extends { responses: infer Responses } ? JsonOf<Responses[keyof Responses]> : never;

type RequestBody<O> = O extends { requestBody?: infer Body } ? JsonOf<Body> : never;

/** `{slug}` in the contract's path is `:slug` in msw's, a string parameter either way. */
type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & ParamsOf<Rest>
  : Record<never, string>;

type Resolver<M extends Method, P extends ContractPath<M>> = HttpResponseResolver<
  ParamsOf<P>,
  RequestBody<Operation<M, P>> & DefaultBodyType,
  ResponseBody<Operation<M, P>> & DefaultBodyType
>;

function handler<M extends Method>(method: M) {
  return <P extends ContractPath<M>>(path: P, resolver: Resolver<M, P>, origin = '*'): HttpHandler =>
    http[method](`${origin}${path.replace(/\{(\w+)\}/g, ':$1')}`, resolver as never);
}

/** `contractHttp.get('/api/user', resolver)`: msw's `http`, for the contract's operations only. */
export const contractHttp = {
  get: handler('get'),
  put: handler('put'),
  post: handler('post'),
  delete: handler('delete'),
  patch: handler('patch'),
};
