// Submitting a sandbox hosted page as a browser does: the form carries what the page showed. A
// checkout or plan-change form holds the digest of the quote on the page, so a test that posts one
// reads the page first, as a member would, unless it brings the digest of an older page itself.
import type { FastifyInstance } from 'fastify';

const QUOTED_PAGE = /^\/sandbox\/(checkout\/[^/]+|portal\/[^/]+\/change)$/;

/** The quote digest the page at `path` carries in its form, or undefined when it shows no form. */
export async function shownPromise(app: FastifyInstance, path: string): Promise<string | undefined> {
  const page = await app.inject({ method: 'GET', url: path });
  return /name="promise" value="([^"]+)"/.exec(page.body)?.[1];
}

export async function submitPage(app: FastifyInstance, path: string, form: Record<string, string> = {}) {
  const fields = { ...form };
  if (fields.promise === undefined && QUOTED_PAGE.test(path)) {
    const promise = await shownPromise(app, path);
    if (promise !== undefined) fields.promise = promise;
  }
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
