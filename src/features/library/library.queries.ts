// The members' content as the server answers it (the contract's `library` operations): what the member
// holds, one item with its units, one unit's content. The server decides on every request what the
// member may open (decision 136), in the member's language, so each answer is keyed by the page's
// language and read afresh when a page opens; a refusal (403: why, and what to buy; or the date a
// day opens) is thrown as a LibraryRefusal carrying the server's body, for the page to explain.
import { queryOptions } from '@tanstack/react-query';
import type { LibraryKind, LibraryRefusalBody } from '../../../domain/api-types.ts';
import type { Locale } from '../../../domain/localized.ts';
import { LibraryRefusal } from '../../../machines/library-player/library-player.types.ts';
import { type ApiResult, call, type MustBeNever } from '../../api/client.ts';
import { api } from '../../api/session-client.ts';
import { pageLocale } from '../../lib/locale.ts';

/** The kinds of the contract's `LibraryKind`, for telling a library address from a mistyped one. */
const LIBRARY_KINDS = [
  'challenge',
  'course',
  'workout',
  'article',
  'plan',
] as const satisfies readonly LibraryKind[];
/** Fails to compile when the contract gains a kind the list above misses. */
export type UnlistedLibraryKinds = MustBeNever<Exclude<LibraryKind, (typeof LIBRARY_KINDS)[number]>>;

export function isLibraryKind(kind: string): kind is LibraryKind {
  return (LIBRARY_KINDS as readonly string[]).includes(kind);
}

/** A library entry is one unit, addressed so (the contract's `LibraryUnitKeyPath`). */
export const ENTRY_UNIT_KEY = 'main';

/** A programme's or course's units each have a page; a library entry is read as its one unit. */
export const isEntry = (kind: LibraryKind) => kind !== 'challenge' && kind !== 'course';

function isRefusalBody(body: unknown): body is LibraryRefusalBody {
  return (
    typeof body === 'object' && body !== null && typeof (body as { reason?: unknown }).reason === 'string'
  );
}

/** A failed answer as the pages and the player read it: a 403's reason and product, or the failure's message. */
export function refusalOf(result: Extract<ApiResult<unknown>, { ok: false }>): LibraryRefusal {
  const refusal = result.status === 403 && isRefusalBody(result.body) ? result.body : null;
  return new LibraryRefusal(result.message, result.status, refusal);
}

function dataOf<T>(result: ApiResult<T>): T {
  if (!result.ok) throw refusalOf(result);
  return result.data;
}

/** The keys, from the widest: a mark refreshes the lists and the item, and sets its own unit. */
export const libraryKeys = {
  all: ['library'] as const,
  list: (lang: Locale) => ['library', 'list', lang] as const,
  item: (kind: string, slug: string) => ['library', 'item', kind, slug] as const,
  unit: (kind: string, slug: string, key: string, lang: Locale) =>
    ['library', 'unit', kind, slug, key, lang] as const,
};

// What a member opens must be what the server says now (a refund closes it at once): every page
// that opens reads again, and a refusal is an answer, not a failure to retry.
const FRESH = { staleTime: 0, refetchOnMount: 'always', retry: false } as const;

export function libraryQuery(lang: Locale = pageLocale()) {
  return queryOptions({
    queryKey: libraryKeys.list(lang),
    queryFn: async () => dataOf(await call(api.GET('/api/user/library', {}))),
    ...FRESH,
  });
}

export function libraryItemQuery(kind: LibraryKind, slug: string, lang: Locale = pageLocale()) {
  return queryOptions({
    queryKey: [...libraryKeys.item(kind, slug), lang],
    queryFn: async () =>
      dataOf(await call(api.GET('/api/user/library/{kind}/{slug}', { params: { path: { kind, slug } } }))),
    ...FRESH,
  });
}

/** One unit's content; the player reads it (decision 020), and the page draws from the answer it left here. */
export function libraryUnitQuery(kind: LibraryKind, slug: string, key: string, lang: Locale = pageLocale()) {
  return queryOptions({
    queryKey: libraryKeys.unit(kind, slug, key, lang),
    queryFn: async () =>
      dataOf(
        await call(
          api.GET('/api/user/library/{kind}/{slug}/units/{key}', { params: { path: { kind, slug, key } } }),
        ),
      ),
    ...FRESH,
  });
}

/** Marks a unit done or not done; the player's call (src/flows/library-player.ts). */
export async function markLibraryUnit(kind: LibraryKind, slug: string, key: string, done: boolean) {
  return dataOf(
    await call(
      api.PUT('/api/user/library/{kind}/{slug}/units/{key}/done', {
        params: { path: { kind, slug, key } },
        body: { done },
      }),
    ),
  );
}
