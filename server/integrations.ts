// Which embedded services run, decided once from the configuration: what the HTML shell tells the SPA,
// the origins the Content-Security-Policy lets the SPA reach, and the server's own error reporter.
import bugsnag, { type Client } from '@bugsnag/js';
import {
  COLLECTOR_API_KEY,
  DEV_EVENTS_PATH,
  ENABLED_RELEASE_STAGES,
  REDACTED_KEYS,
  redactParameters,
  type ServicesSettings,
} from '../domain/integrations.ts';
import type { VideoProvider } from '../domain/video.ts';
import type { Config } from './config.ts';
import { redactUrl } from './redacted-url.ts';

/** Bugsnag's own endpoints, when no on-premise ones are configured. */
const BUGSNAG_ENDPOINTS = { notify: 'https://notify.bugsnag.com', sessions: 'https://sessions.bugsnag.com' };

function bugsnagEndpoints(config: Config): { notify: string; sessions: string } {
  return config.BUGSNAG_NOTIFY_ENDPOINT && config.BUGSNAG_SESSIONS_ENDPOINT
    ? { notify: config.BUGSNAG_NOTIFY_ENDPOINT, sessions: config.BUGSNAG_SESSIONS_ENDPOINT }
    : BUGSNAG_ENDPOINTS;
}

export function servicesSettings(config: Config): ServicesSettings {
  const collector = config.devPages;
  const errors = config.BUGSNAG_API_KEY
    ? {
        apiKey: config.BUGSNAG_API_KEY,
        endpoints: bugsnagEndpoints(config),
      }
    : collector
      ? {
          apiKey: COLLECTOR_API_KEY,
          endpoints: { notify: `${DEV_EVENTS_PATH}/notify`, sessions: `${DEV_EVENTS_PATH}/sessions` },
        }
      : null;
  const engagement =
    config.BRAZE_API_KEY && config.BRAZE_BASE_URL
      ? { vendor: 'braze' as const, apiKey: config.BRAZE_API_KEY, baseUrl: config.BRAZE_BASE_URL }
      : collector
        ? { vendor: 'collector' as const, url: `${DEV_EVENTS_PATH}/engagement` }
        : null;
  const analytics = config.GA_MEASUREMENT_ID
    ? { vendor: 'ga4' as const, measurementId: config.GA_MEASUREMENT_ID }
    : collector
      ? { vendor: 'collector' as const, url: `${DEV_EVENTS_PATH}/analytics` }
      : null;
  return { releaseStage: config.RELEASE_STAGE, errors, engagement, analytics };
}

export interface ServiceOrigins {
  script: string[];
  connect: string[];
  img: string[];
  /** The video provider's player pages, framed by the members' content (decision 137). */
  frame: string[];
}

const originOf = (url: string) => new URL(url).origin;

/** The video providers' player pages (server/content/video.ts), framed by the members' content. */
export const PLAYER_ORIGINS: Record<VideoProvider, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  mux: 'https://player.mux.com',
};

/**
 * Exactly the origins the configured services need, each in the directive it is used for; nothing
 * when none is configured (the collector is on the site's own origin). GA4's list is Google's own
 * guidance for a Content-Security-Policy with Google Analytics 4. The video provider's player runs
 * in its frame, under its own policy: the site only needs to frame it.
 */
export function serviceOrigins(config: Config): ServiceOrigins {
  const frame = config.VIDEO_PROVIDER ? [PLAYER_ORIGINS[config.VIDEO_PROVIDER]] : [];
  const origins: ServiceOrigins = { script: [], connect: [], img: [], frame };
  const settings = servicesSettings(config);
  if (settings.errors && config.BUGSNAG_API_KEY) {
    origins.connect.push(
      originOf(settings.errors.endpoints.notify),
      originOf(settings.errors.endpoints.sessions),
    );
  }
  if (settings.engagement?.vendor === 'braze') {
    const base = settings.engagement.baseUrl;
    origins.connect.push(originOf(/^https:\/\//.test(base) ? base : `https://${base}`));
    // In-app message images are served from Braze's image hosts.
    origins.img.push('https://appboy-images.com', 'https://braze-images.com', 'https://cdn.braze.eu');
  }
  if (settings.analytics?.vendor === 'ga4') {
    origins.script.push('https://*.googletagmanager.com');
    origins.connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    );
    origins.img.push('https://*.google-analytics.com', 'https://*.googletagmanager.com');
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    script: unique(origins.script),
    connect: unique(origins.connect),
    img: unique(origins.img),
    frame: origins.frame,
  };
}

/** What the server reports a failure with: Bugsnag's Node client, the collector, or nothing. */
export interface ServerErrorReporter {
  /**
   * A request failed with a 5xx. Never carries headers or a body. Settles once the report has been
   * delivered or dropped (the release stage does not report).
   */
  report(error: unknown, request?: { method: string; url: string; route?: string }): Promise<void>;
}

export type CollectError = (summary: string, payload: Record<string, unknown>) => void;

/**
 * Bugsnag's Node client when a key is set; the dev collector otherwise (with the same release-stage
 * rule, so development records nothing); nothing when neither runs.
 */
export function serverErrorReporter(
  config: Config,
  collect: CollectError | null,
  options: { unhandled?: boolean } = {},
): ServerErrorReporter {
  const enabled = ENABLED_RELEASE_STAGES.includes(config.RELEASE_STAGE);
  if (config.BUGSNAG_API_KEY) {
    // The package is CommonJS; its `default` property is the client factory under Node and Vite alike.
    const client: Client = bugsnag.default.createClient({
      apiKey: config.BUGSNAG_API_KEY,
      releaseStage: config.RELEASE_STAGE,
      enabledReleaseStages: [...ENABLED_RELEASE_STAGES],
      // The same endpoints the browser is told: Bugsnag's own, or the on-premise pair.
      endpoints: bugsnagEndpoints(config),
      autoTrackSessions: false,
      // Only the server process itself (main.ts) hands its uncaught errors to Bugsnag, which reports
      // them and then exits as Node would; an app built inside tests must not take over the process.
      autoDetectErrors: options.unhandled ?? false,
      redactedKeys: [...REDACTED_KEYS],
      logger: null,
    });
    return {
      report: (error, request) =>
        new Promise((resolve) => {
          client.notify(
            asError(error),
            (event) => {
              if (request) event.addMetadata('request', requestMetadata(request));
            },
            () => resolve(),
          );
        }),
    };
  }
  if (collect && enabled) {
    return {
      async report(error, request) {
        const failure = asError(error);
        collect(`${failure.name}: ${redactParameters(failure.message)}`, {
          releaseStage: config.RELEASE_STAGE,
          exceptions: [{ errorClass: failure.name, message: redactParameters(failure.message) }],
          ...(request ? { request: requestMetadata(request) } : {}),
        });
      },
    };
  }
  return { report: async () => {} };
}

function requestMetadata(request: { method: string; url: string; route?: string }) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    ...(request.route ? { route: request.route } : {}),
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
