// The members' content under /api/user/library: HTTP in, the library service's answer out, in the
// request's language (decision 105). Every answer is the member's alone and decided now: no cache
// on the way may keep it (a refund closes an item on the next request).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readWith } from '../auth/authenticate.ts';
import { contentServiceFor } from '../content/content-service.ts';
import type { AreaPlugin, ServerContext } from '../context.ts';
import { authOf, type Handlers, type OperationId } from '../http/contract.ts';
import { acceptedLocale } from '../site/shell.ts';
import { accessAlongside } from './access-kept.ts';
import { libraryService } from './library-service.ts';

/** The members' area's calls: each reads what decides access with the session (decision 163). */
export const LIBRARY_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'getLibrary',
  'getLibraryItem',
  'getLibraryUnit',
  'markLibraryUnit',
]);

/** The signed-in member, with their access rows when the session's query read them. */
function memberOf(request: FastifyRequest) {
  const auth = authOf(request);
  return { id: auth.user.id, access: readWith(auth, accessAlongside) };
}

const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function libraryHandlers(context: ServerContext): Handlers {
  const library = libraryService({ db: context.db, content: contentServiceFor(context.config) });
  return {
    getLibrary: async (request, reply) => {
      personal(reply);
      const locale = acceptedLocale(request.headers['accept-language']);
      return { success: true, ...(await library.library(memberOf(request), locale)) };
    },
    getLibraryItem: async (request, reply) => {
      personal(reply);
      const { kind, slug } = request.params;
      const locale = acceptedLocale(request.headers['accept-language']);
      return { success: true, item: await library.item(memberOf(request), kind, slug, locale) };
    },
    getLibraryUnit: async (request, reply) => {
      personal(reply);
      const { kind, slug, key } = request.params;
      const locale = acceptedLocale(request.headers['accept-language']);
      return { success: true, ...(await library.unit(memberOf(request), kind, slug, key, locale)) };
    },
    markLibraryUnit: async (request, reply) => {
      personal(reply);
      const { kind, slug, key } = request.params;
      const locale = acceptedLocale(request.headers['accept-language']);
      const member = memberOf(request);
      return { success: true, ...(await library.mark(member, kind, slug, key, request.body.done, locale)) };
    },
  };
}

export const libraryArea: AreaPlugin = async (app, { context }) => {
  app.operations(libraryHandlers(context));
};
