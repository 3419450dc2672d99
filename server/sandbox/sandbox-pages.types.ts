// What the hosted pages' services are handed and what they answer with. The services build the
// page; the routes (sandbox.routes.ts) only send it, so no service needs Fastify.
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { PaymentProcessor } from '../payments/processor.ts';

/** What the hosted pages share: the database, the configuration and the processor of their events. */
export interface SandboxDeps {
  db: Database;
  config: Config;
  processor: PaymentProcessor;
}

/** A page to answer with, under this status. */
export interface Shown {
  status: number;
  page: string;
}

/** A page confirmed: the member goes on to this URL (303). */
export interface Redirect {
  redirect: string;
}
