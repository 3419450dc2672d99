// Logs for whoever reads them (decision 167): a person at a terminal gets pino-pretty's one line per
// event and one line per request; a log collector, a pipe or production gets pino's JSON lines
// unchanged, with fastify's request and response entries, which tools already parse.
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../redacted-url.ts';

export type LogFormat = 'pretty' | 'json';

interface Where {
  /** Whether the process writes to a terminal (process.stdout.isTTY). */
  isTTY: boolean | undefined;
  nodeEnv: string;
  /** LOG_FORMAT, when the operator chose. */
  chosen?: LogFormat | undefined;
}

/** Pretty on a terminal outside production, JSON elsewhere; LOG_FORMAT decides when set. */
export function logFormat({ isTTY, nodeEnv, chosen }: Where): LogFormat {
  if (chosen) return chosen;
  return isTTY === true && nodeEnv !== 'production' ? 'pretty' : 'json';
}

/**
 * pino-pretty as a stream in this thread, not a transport's worker: a line is written before the next
 * starts, and a crash's last words are not lost with the worker. It colours only where colour is
 * supported, and NO_COLOR turns it off (colorette's rule).
 */
export async function prettyStream(destination?: NodeJS.WritableStream): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    sync: true,
    ...(destination && { destination, colorize: false }),
  });
}

/** The request's own line once it is answered: method, address (its secrets redacted), status, time. */
export function logEachRequestOnce(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}
