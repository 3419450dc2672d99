// What every hosted page is handed. It lives apart from sandbox-pages.ts, which registers the pages,
// so that a page's module can name it without importing the module that imports the page.
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { checkoutSessions } from '../db/schema.ts';
import type { PaymentProcessor } from '../payments/processor.ts';

/** What the hosted pages share: the database, the processor, and how a page is found and sent. */
export interface SandboxPages {
  db: Database;
  config: Config;
  processor: PaymentProcessor;
  send(reply: FastifyReply, status: number, page: string): FastifyReply;
  session(
    id: string,
    kind: 'checkout' | 'portal' | 'change',
  ): Promise<typeof checkoutSessions.$inferSelect | undefined>;
}
