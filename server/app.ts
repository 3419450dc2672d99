import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { accountsArea } from './accounts/accounts.routes.ts';
import { viewAlongside } from './accounts/member-view.repository.ts';
import { adminArea } from './admin/admin.routes.ts';
import { adminCaller } from './auth/admin-token.ts';
import { authenticate } from './auth/authenticate.ts';
import { catalogueArea } from './catalogue/catalogue.routes.ts';
import { checkoutArea } from './checkout/checkout.routes.ts';
import { contentArea } from './content/content.routes.ts';
import type { AreaPlugin, ServerContext } from './context.ts';
import { isDatabaseUnavailable, loggable } from './db/errors.ts';
import { devEventsRoutes } from './dev/dev-events.routes.ts';
import { DevEvents } from './dev/dev-events.ts';
import { devMailboxRoutes } from './dev/dev-mailbox.routes.ts';
import { docsSiteRoutes } from './dev/docs-site.routes.ts';
import { badRequest, HttpError, unavailable } from './errors.ts';
import { healthArea } from './health/health.routes.ts';
import { contractPlugin } from './http/contract.ts';
import { logEachRequestOnce, logFormat, prettyStream } from './http/logging.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { SESSION_COOKIE } from './http/session-cookie.ts';
import { readStudioCookie } from './http/studio-cookie.ts';
import { readableValidation } from './http/validation-errors.ts';
import { sharedValidators } from './http/validators.ts';
import { serverErrorReporter } from './integrations.ts';
import { invoicesArea } from './invoices/invoices.routes.ts';
import { accessAlongside } from './library/access-kept.ts';
import { LIBRARY_OPERATIONS, libraryArea } from './library/library.routes.ts';
import { redactUrl } from './redacted-url.ts';
import { isRedisUnavailable } from './redis.ts';
import { acceptedLocale } from './site/shell.ts';
import { registerSpa } from './site/site.routes.ts';
import { adminPreviewsArea } from './studio/admin-previews.routes.ts';
import { authenticateStaff } from './studio/staff-sessions.ts';
import { staffAdminArea, studioArea } from './studio/studio.routes.ts';
import { serverText } from './text/server-text.ts';
import { webhooksArea } from './webhooks/webhooks.routes.ts';

/** The `token` header, or for an operation that accepts it, the browser's session cookie. */
function sessionCredential(
  request: FastifyRequest,
  schemes: readonly string[],
): string | string[] | undefined {
  const header = request.headers.token;
  if (header || !schemes.includes('sessionCookie')) return header;
  return request.cookies[SESSION_COOKIE];
}

export interface AppOptions {
  context: ServerContext;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean;
  /** Where the logs go (stdout by default); tests read them from here, as JSON unless LOG_FORMAT says. */
  logStream?: NodeJS.WritableStream;
  /** Uncaught errors of the process are reported too (the server's own process, not tests). */
  reportUnhandled?: boolean;
}

/** The API's areas, each serving its part of the contract; the gateway's own pages follow them. */
const AREAS: readonly AreaPlugin[] = [
  healthArea,
  accountsArea,
  catalogueArea,
  contentArea,
  checkoutArea,
  libraryArea,
  invoicesArea,
  webhooksArea,
  adminArea,
  studioArea,
  staffAdminArea,
  adminPreviewsArea,
];

const BODY_LIMIT = 1024 * 1024;
const RETRY_AFTER_SECONDS = 5;

/**
 * A hop count believes as many X-Forwarded-For entries as there are hops, whoever the peer is: a
 * client that reaches the port directly, past the proxy, names any address it likes.
 */
export const TRUST_PROXY_HOPS_WARNING =
  'TRUST_PROXY is a hop count: any peer that reaches this port directly can set the client address the rate limits key on. Keep the port reachable only through the proxy, or set TRUST_PROXY to the proxy addresses.';

function trustProxy(
  setting: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  return setting.split(',').map((entry) => entry.trim());
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

export async function buildApp({
  context,
  logger = true,
  logStream,
  reportUnhandled = false,
}: AppOptions): Promise<FastifyInstance> {
  const { config } = context;
  const devEvents = config.devPages ? new DevEvents() : null;
  const errorReporter = serverErrorReporter(
    config,
    devEvents && ((summary, payload) => devEvents.add('error', 'server', summary, payload)),
    { unhandled: reportUnhandled },
  );
  const pretty =
    logger &&
    logFormat({
      isTTY: logStream ? false : process.stdout.isTTY,
      nodeEnv: config.NODE_ENV,
      chosen: config.LOG_FORMAT,
    }) === 'pretty';
  const stream = pretty ? await prettyStream(logStream) : logStream;
  const app = Fastify({
    // A terminal gets one line per request (logEachRequestOnce), not the request's and the answer's.
    ...(pretty && { logController: new LogController({ disableRequestLogging: true }) }),
    bodyLimit: BODY_LIMIT,
    // request.ip, which the rate limits key on, is the socket's peer unless TRUST_PROXY names the
    // proxies in front: then it is the client they forwarded for.
    trustProxy: trustProxy(config.TRUST_PROXY),
    // Past the contract's longest path parameter (256, an invitation's token), so the contract's own
    // limit is what refuses a long one, in words (decision 166); the router's default is 100.
    routerOptions: { maxParamLength: 512 },
    // A path the router cannot read (a malformed %-escape, a parameter past that length) is the
    // client's mistake like any other value the contract refuses: the same 400 and `{success, message}`
    // as validation gives, not the framework's own body (or its 414, which no operation declares).
    frameworkErrors: (error, request, reply: FastifyReply) =>
      error.statusCode !== undefined && error.statusCode < 500
        ? reply.code(400).send({
            success: false,
            message: serverText(
              acceptedLocale(request.headers['accept-language']),
              'api',
            )('validation.unreadablePath'),
          })
        : reply.code(500).send({ success: false, message: 'Internal server error' }),
    logger: logger && {
      level: config.LOG_LEVEL,
      ...(stream && { stream }),
      redact: {
        // A second guard: the request's serializer below writes no header at all.
        paths: [
          'req.headers.token',
          'req.headers["admin-token"]',
          'req.headers["admin-actor"]',
          'req.headers["stripe-signature"]',
          'req.headers.authorization',
          'req.headers.cookie',
        ],
        remove: true,
      },
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          id: req.id,
        }),
      },
    },
    // One compiled validator per schema for every app in the process (server/http/validators.ts).
    schemaController: { compilersFactory: { buildValidator: sharedValidators } },
    ajv: {
      // Unknown fields are refused rather than silently dropped, and a string is never taken for a number;
      // every field's error is gathered, so a refusal names each field wrong at once (decision 166).
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true },
    },
  });

  if (config.TRUST_PROXY && /^\d+$/.test(config.TRUST_PROXY)) app.log.warn(TRUST_PROXY_HOPS_WARNING);
  if (pretty && logger) logEachRequestOnce(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const t = serverText(acceptedLocale(request.headers['accept-language']), 'api');
      const readable = readableValidation(error.validation, error.validationContext ?? 'body', t);
      return reply.code(400).send({ success: false, ...readable });
    }
    // Our own errors name their text, written in the request's language (decision 105); the
    // framework's own 4xx (a body too large, malformed JSON) keep theirs, which are technical.
    const send = (refusal: HttpError | FastifyError) => {
      const message =
        refusal instanceof HttpError
          ? serverText(acceptedLocale(request.headers['accept-language']), 'api')(
              refusal.message,
              refusal.values,
            )
          : refusal.message;
      if (!(refusal instanceof HttpError))
        return reply.code(refusal.statusCode ?? 500).send({ success: false, message });
      reply.headers(refusal.headers);
      return reply.code(refusal.statusCode).send({ success: false, message, ...refusal.details });
    };
    if (isRedisUnavailable(error)) return send(unavailable('server.briefly', RETRY_AFTER_SECONDS));
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: loggable(error) }, 'database unavailable');
      return send(unavailable('server.serviceBriefly', RETRY_AFTER_SECONDS));
    }
    if ((error.statusCode ?? 500) < 500) return send(error);
    request.log.error({ err: loggable(error) }, 'request failed');
    errorReporter.report(error, {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
    });
    // Our own 5xx errors carry a message meant for the member (Stripe unreachable: try again);
    // anything else is a fault whose details stay in the log.
    return send(
      error instanceof HttpError ? error : new HttpError(error.statusCode ?? 500, 'server.internal'),
    );
  });

  // PostgreSQL refuses a NUL character in text, so it never reaches a query: one rule for every
  // string a request carries, whichever route or form it is.
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params)) {
      throw badRequest('server.nulCharacter');
    }
  });

  app.addHook('onClose', () => context.close());
  // A graceful stop waits for the requests in flight; their answers then close the connection, so a
  // kept-alive client does not hold the stop until the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  registerSecurityHeaders(app);
  // Two cookies, both the server's own (HttpOnly): the device cookie the sign-in call reads (decision
  // 094) and the session cookie the pages are rendered by (decision 127). The only call it signs in is
  // the download of an invoice's PDF, which a plain link opens (decision 154).
  await app.register(fastifyCookie);
  // Dynamic answers (the HTML shell, JSON) above 1 kB are compressed on the way out; built assets
  // go out as the build compressed them. Brotli at a low quality costs little CPU per answer.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
  });
  await registerRateLimits(app, config, context.redis);
  await app.register(contractPlugin, {
    authenticate: async (request, schemes, operation) =>
      schemes.includes('adminToken')
        ? adminCaller(config, request.headers)
        : schemes.includes('studioSession')
          ? authenticateStaff(context.db, readStudioCookie(request))
          : authenticate(context.db, sessionCredential(request, schemes), {
              allowEmailVerification: schemes.includes('emailLink'),
              // The one call that only reads, and the one every signed-in page makes (decision 097).
              ...(operation === 'getUser' && { memberViews: context.memberViews, read: viewAlongside }),
              // The members' area reads what decides access with the session (decision 163).
              ...(LIBRARY_OPERATIONS.has(operation) && { read: accessAlongside }),
            }),
    checkResponses: config.NODE_ENV !== 'production',
  });
  for (const area of AREAS) await app.register(area, { context });
  if (context.payments.hostedPages) await app.register(context.payments.hostedPages);
  app.unservedOperations();
  // The flows to try, at /docs: outside production, whatever sends the emails (decision 170).
  if (config.docsSite) await app.register(docsSiteRoutes);
  // The dev pages: only while config.devPages holds (devEvents is made then, and only then).
  if (devEvents) {
    await app.register(devMailboxRoutes, { context });
    await app.register(devEventsRoutes, { events: devEvents });
  }
  await registerSpa(app, config, context);
  return app;
}
