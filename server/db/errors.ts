// What the API makes of a failed query: an outage is the client's cue to retry (503), and nothing a
// query carried (emails, hashes, tokens) ever reaches the log.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isRedactedKey, redactParameters } from '../../domain/integrations.ts';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  // PostgreSQL: a statement past statement_timeout (decision 093), shutting down, crashed, starting up.
  '57014',
  '57P01',
  '57P02',
  '57P03',
]);

const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i;

function* causes(error: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  for (let e = error; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e;
  }
}

/** True when the database could not be reached, as opposed to a query it refused. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * The error as the log may see it: a failed query keeps its SQL text, never its parameters; any other
 * error loses the values of its secret-looking fields (passwords, tokens, cards, emails, as in error
 * reports) and any token in a link its message quotes.
 */
export function loggable(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) {
    if (!(error instanceof Error)) return error;
    const fields = Object.entries(error);
    if (!fields.some(([key]) => isRedactedKey(key)) && redactParameters(error.stack ?? '') === error.stack) {
      return error;
    }
    return {
      type: error.name,
      message: redactParameters(error.message),
      stack: error.stack && redactParameters(error.stack),
      ...Object.fromEntries(fields.map(([key, value]) => [key, isRedactedKey(key) ? '[redacted]' : value])),
    };
  }
  const cause = error.cause as { message?: string; code?: string } | undefined;
  return {
    type: 'DrizzleQueryError',
    message: `Failed query: ${error.query}`,
    // The stack starts with the message, parameters included: only its frames are kept.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.startsWith('    at '))
      .join('\n'),
    cause: cause && { message: cause.message, code: cause.code },
  };
}
