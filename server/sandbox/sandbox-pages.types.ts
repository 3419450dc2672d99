// What the hosted pages' services are handed and what they answer with. The services build the
// page; the routes (sandbox.routes.ts) only send it, so no service needs Fastify.
import type { Locale } from '../../domain/localized.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { PaymentProcessor } from '../payments/processor.ts';
import type { SiteBrand } from '../site/brand.ts';
import type { PageFrame } from './sandbox-look.ts';
import type { SandboxMessages } from './sandbox-messages.ts';

/** What the hosted pages share: the database, the configuration and the processor of their events. */
export interface SandboxDeps {
  db: Database;
  config: Config;
  processor: PaymentProcessor;
}

/** A request's dependencies: the site's brand is read once per request, for its page and its policy. */
export interface PageDeps extends SandboxDeps {
  brand: SiteBrand;
}

/** What every page of a request is drawn in: the member's language and the site's brand. */
export function pageFrame(deps: PageDeps, locale: Locale, t: SandboxMessages): PageFrame {
  return { locale, t, brand: deps.brand, siteUrl: deps.config.publicUrl };
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
