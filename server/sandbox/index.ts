// The sandbox as one plugin, loaded on demand: the gateway selection (server/payments/index.ts)
// imports this module with `import()` only when Stripe is not configured, so a server that sells
// through Stripe (every production server: config.ts requires it) never loads the emulator.
// Nothing outside server/sandbox imports it otherwise (tests/unit/architecture/import-graph.test.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import { sandboxGateway } from './sandbox-gateway.ts';

export interface Sandbox {
  gateway: PaymentGateway;
  /** The hosted pages the gateway's URLs point to, and POST /dev/clock with the dev pages on. */
  hostedPages: FastifyPluginAsync;
}

export function createSandbox(deps: { config: Config; db: Database; processor: PaymentProcessor }): Sandbox {
  return {
    gateway: sandboxGateway(deps.config.publicUrl, deps.processor),
    hostedPages: sandboxRoutes(deps),
  };
}
