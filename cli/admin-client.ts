// The CLI's one HTTP client: the generated openapi-fetch client over the admin API, with the token
// and the actor on every call. A call either returns the answer's body or throws one of the two
// failures the exit codes tell apart: the server refused (its message), or it could not be reached.
import { userInfo } from 'node:os';
import createClient from 'openapi-fetch';
import type { paths } from '../openapi/schema.d.ts';

/** A field the server refused, as the contract's `ValidationProblem` says it. */
export interface Problem {
  in: string;
  field: string;
  rule: string;
  message: string;
}

/** The server answered, and said no: its status and message, and each field it refused. */
export class Refused extends Error {
  readonly status: number;
  readonly problems: readonly Problem[];
  constructor(status: number, message: string, problems: readonly Problem[] = []) {
    super(message);
    this.status = status;
    this.problems = problems;
  }
}

/** The operator's language from the locale (LC_ALL, LC_MESSAGES, LANG: es_ES.UTF-8 is es), for the server's messages. */
export function operatorLanguage(env: NodeJS.ProcessEnv = process.env): string {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  const language = /^([a-z]{2})(?:[_.@-]|$)/.exec(locale)?.[1];
  return language && language !== 'c' ? language : 'en';
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
    headers: { 'admin-token': token, 'accept-language': operatorLanguage() },
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
    const { message, errors } = (result.error ?? {}) as { message?: unknown; errors?: Problem[] };
    throw new Refused(
      result.response.status,
      typeof message === 'string' ? message : `${result.response.status} ${result.response.statusText}`,
      Array.isArray(errors) ? errors : [],
    );
  }
  /** The contract's `admin-actor` header, which each call passes with its parameters. */
  const header = { 'admin-actor': actor };
  return { client, answer, header };
}

export type AdminClient = ReturnType<typeof adminClient>;
