import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { contentHandlers } from './content/content.routes.ts';
import type { ServerContext } from './context.ts';
import { type Handlers, registerContract } from './contract.ts';
import { registerDevMailbox } from './mail/dev-mailbox.ts';
import { registerRateLimits } from './rate-limit.ts';
import { accountHandlers } from './routes/accounts.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { healthHandlers } from './routes/health.ts';
import { productHandlers } from './routes/products.ts';
import { registerSpa } from './spa.ts';

export interface AppOptions {
  context: ServerContext;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean;
  /** Where the logs go (stdout by default); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

const BODY_LIMIT = 1024 * 1024;

/** Tokens travel in the `token` header and, on email links, in a `token` query parameter: neither is logged. */
function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

export async function buildApp({ context, logger = true, logStream }: AppOptions): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    // The contract allows path parameters up to 200 characters (content slugs); the router's default is 100.
    routerOptions: { maxParamLength: 256 },
    logger: logger && {
      level: config.LOG_LEVEL,
      ...(logStream && { stream: logStream }),
      redact: {
        paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
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
    ajv: {
      // Unknown fields are refused rather than silently dropped, and a string is never taken for a number.
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false },
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({ success: false, message: `${error.validationContext} ${error.message}` });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({ success: false, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ success: false, message: 'Internal server error' });
  });

  app.addHook('onClose', () => context.close());

  const checkout = checkoutRoutes(context);
  checkout.register(app);
  const handlers: Handlers = {
    ...healthHandlers(context),
    ...accountHandlers(context),
    ...productHandlers(context),
    ...contentHandlers(config),
    ...checkout.handlers,
  };
  await registerRateLimits(app, config);
  registerContract(app, handlers);
  registerDevMailbox(app, context);
  await registerSpa(app, config);
  return app;
}
