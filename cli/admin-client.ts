// The CLI's one HTTP client: the generated openapi-fetch client over the admin API, with the token
// and the actor on every call. A call either returns the answer's body or throws one of the two
// failures the exit codes tell apart: the server refused (its message), or it could not be reached.
import { userInfo } from 'node:os';
import createClient from 'openapi-fetch';
import type { paths } from '../openapi/schema.d.ts';

/** The server answered, and said no: its status and message. */
export class Refused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** No answer from the server at all (refused connection, unknown host, timeout). */
export class Unreachable extends Error {}

export interface Connection {
  url: string;
  token: string;
  actor: string;
}

/** Who the audit names when --as is not given: the login of whoever runs the command. */
export function defaultActor(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

const TIMEOUT_MS = 30_000;

export function adminClient({ url, token, actor }: Connection) {
  const client = createClient<paths>({
    baseUrl: url.replace(/\/$/, ''),
    headers: { 'admin-token': token },
    fetch: (request) => fetch(request, { signal: AbortSignal.timeout(TIMEOUT_MS) }),
  });
  /** The body of a successful answer, or a Refused or Unreachable error. */
  async function answer<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    let result: Awaited<typeof call>;
    try {
      result = await call;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Unreachable(
        `Cannot reach ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      );
    }
    if (result.data !== undefined && result.response.ok) return result.data;
    const message = (result.error as { message?: unknown } | undefined)?.message;
    throw new Refused(
      result.response.status,
      typeof message === 'string' ? message : `${result.response.status} ${result.response.statusText}`,
    );
  }
  /** The contract's `admin-actor` header, which each call passes with its parameters. */
  const header = { 'admin-actor': actor };
  return { client, answer, header };
}

export type AdminClient = ReturnType<typeof adminClient>;
