// Error reporting with Bugsnag: started after the first render (its code stays off the first load),
// active only in the release stages that report (production, staging). Reports carry the signed-in
// member's id, never their email or name, and never a token: `?token=` in any URL is replaced, and the
// keys that name passwords, tokens, cards and emails are redacted wherever they appear. A visitor who
// asks not to be tracked is reported without an id of any kind.
import type { BrowserConfig, Client, Event } from '@bugsnag/js';
import {
  ENABLED_RELEASE_STAGES,
  type ErrorReportingSettings,
  REDACTED_KEYS,
  redactParameters,
} from '../../domain/integrations.ts';

export interface ErrorReporter {
  /** Starts the reporter (after the first render); reports made before wait for it. */
  start(): void;
  report(error: unknown, details?: { componentStack?: string | null }): void;
  /** Where reports read the signed-in member's id from. */
  identifyWith(memberId: () => string | null): void;
}

export const noErrorReporter: ErrorReporter = { start() {}, report() {}, identifyWith() {} };

/** The page's URL in a report: tokens replaced, everything else kept. */
function redactEvent(event: Event): void {
  if (event.request.url) event.request.url = redactParameters(event.request.url);
  if (event.context) event.context = redactParameters(event.context);
  for (const crumb of event.breadcrumbs) {
    crumb.message = redactParameters(crumb.message);
    for (const [key, value] of Object.entries(crumb.metadata)) {
      if (typeof value === 'string') crumb.metadata[key] = redactParameters(value);
    }
  }
}

export function bugsnagConfig(
  settings: ErrorReportingSettings,
  releaseStage: string,
  options: { anonymous: boolean; memberId: () => string | null; origin: string },
): BrowserConfig {
  const absolute = (url: string) => new URL(url, options.origin).toString();
  return {
    apiKey: settings.apiKey,
    endpoints: {
      notify: absolute(settings.endpoints.notify),
      sessions: absolute(settings.endpoints.sessions),
    },
    releaseStage,
    enabledReleaseStages: [...ENABLED_RELEASE_STAGES],
    redactedKeys: [...REDACTED_KEYS],
    // No IP address, and for an anonymous visitor no device id either.
    collectUserIp: false,
    generateAnonymousId: !options.anonymous,
    logger: null,
    onError: (event) => {
      redactEvent(event);
      const id = options.anonymous ? null : options.memberId();
      event.setUser(id ?? undefined);
    },
  };
}

export function createErrorReporter(
  settings: ErrorReportingSettings | null,
  releaseStage: string,
  anonymous: boolean,
): ErrorReporter {
  // A stage that reports nothing (development, test) does not load the client at all.
  if (!settings || !ENABLED_RELEASE_STAGES.includes(releaseStage)) return noErrorReporter;
  let memberId: () => string | null = () => null;
  let client: Promise<Client> | null = null;
  const start = () => {
    client ??= import('@bugsnag/js').then((module) =>
      // The package is CommonJS; its `default` property is the client factory under Vite and Node alike.
      module.default.default.createClient(
        bugsnagConfig(settings, releaseStage, {
          anonymous,
          memberId: () => memberId(),
          origin: globalThis.location.origin,
        }),
      ),
    );
    return client;
  };
  return {
    start: () => void start(),
    report(error, details) {
      void start().then((bugsnag) =>
        bugsnag.notify(error instanceof Error ? error : new Error(String(error)), (event) => {
          if (details?.componentStack) event.addMetadata('react', { componentStack: details.componentStack });
        }),
      );
    },
    identifyWith(source) {
      memberId = source;
    },
  };
}
