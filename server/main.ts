// The configuration is read and checked before anything else loads: a bad variable is reported in
// a fraction of a second, not once the whole app (Fastify, the database drivers, React's renderer)
// has been imported. Only then are the app's modules imported.
import { ConfigError, loadConfig } from './config.ts';

/** An address only this machine can reach. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const [{ buildApp }, { createContext }, { DataDirInUseError }] = await Promise.all([
    import('./app.ts'),
    import('./context.ts'),
    import('./db/data-dir-lock.ts'),
  ]);
  let context: Awaited<ReturnType<typeof createContext>>;
  try {
    context = await createContext(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    if (config.DATABASE_URL) {
      // Whatever went wrong (unknown host, refused, wrong password, no such database), the fix is
      // in DATABASE_URL: say so in one line, without the password.
      const url = new URL(config.DATABASE_URL);
      // The driver's own error, not the migration query that met it.
      let cause: unknown = error;
      while (cause instanceof Error && cause.cause) cause = cause.cause;
      const reason =
        cause instanceof Error ? cause.message || (cause as { code?: string }).code : String(cause);
      console.error(
        `Could not open the PostgreSQL database at DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname}): ${reason}`,
      );
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ context, reportUnhandled: true });
  // Graceful shutdown: stop accepting, let the requests in flight finish (new ones, readiness
  // included, get 503), then the background work and the mail worker, then the pools. Past the grace
  // period the process exits anyway, with 1.
  const close = async (signal: string) => {
    app.log.info(`${signal} received, closing (grace period ${config.SHUTDOWN_GRACE_SECONDS} s)`);
    setTimeout(() => {
      app.log.error(
        `still closing after ${config.SHUTDOWN_GRACE_SECONDS} s: exiting with requests unfinished`,
      );
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const local = isLoopback(config.HOST);
  const shownHost = local || ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
  console.log(
    local
      ? `Listening on ${config.HOST} only: other machines cannot reach it (set HOST=0.0.0.0 to serve them, as in a container)`
      : `Listening on ${config.HOST}: other machines on the network can reach it (HOST=127.0.0.1 keeps it to this machine)`,
  );
  if (config.devPages) {
    console.log(
      `Dev pages are on: emails stay in the outbox, readable at http://localhost:${port}/dev/mailbox by anyone who can reach this port (set SMTP_URL or NODE_ENV=production to turn them off)`,
    );
  }
  if (config.docsSite) {
    console.log(
      `The flows to try are at http://localhost:${port}/docs/ (outside production only; npm run docs:site writes them)`,
    );
  }
  // The address last, so it is the line in view once the start is done.
  console.log(
    `Trainer site running at http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
  );
}

await main();
