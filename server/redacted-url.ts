// What a log line or an error report may say of a request's address. Tokens travel in the `token`
// header and, on emailed links, in a `token` query parameter; a client may put any credential or a
// member's email in the query, and the admin API names a member by email in its path; the id of a
// hosted checkout or portal page, and a studio invitation's token, are as good as keys. None of them
// is written.
import { HOLDS_EMAIL, redactParameters } from '../domain/integrations.ts';

const HOSTED_PAGE = /^(\/sandbox\/(?:checkout|portal)\/|\/api\/studio\/invites\/)[^/]+/;

/** The address with every secret or personal value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const end = url.search(/[?#]/);
  const path = end < 0 ? url : url.slice(0, end);
  const rest = end < 0 ? '' : url.slice(end);
  const kept = path
    .replace(HOSTED_PAGE, (_, page: string) => `${page}[redacted]`)
    .split('/')
    .map((segment) => (HOLDS_EMAIL.test(segment) ? '[redacted]' : segment))
    .join('/');
  return `${kept}${redactParameters(rest)}`;
}
