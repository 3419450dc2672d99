// The embedded third-party services as the server configures them and the SPA starts them: error
// reporting (Bugsnag), customer engagement (Braze) and analytics (Google Analytics 4). The server
// decides, from its environment, which run and where they send; the HTML shell carries the result, so
// one build serves any trainer and any release stage. Without a vendor, and only where the dev pages
// are on, each sends to the API server's `/dev/events` collector instead.

/** Error reports are sent only from these release stages (spec section 9); development and test send nothing. */
export const ENABLED_RELEASE_STAGES: readonly string[] = ['production', 'staging'];

/** Braze's default, kept explicit: at least 30 s between two in-app message triggers (spec section 9). */
export const ENGAGEMENT_TRIGGER_INTERVAL_SECONDS = 30;

/** Where the collector's pages and endpoints live on the API server. */
export const DEV_EVENTS_PATH = '/dev/events';

/** Bugsnag's client settings. `endpoints` are absolute URLs, or paths on the site (the collector). */
export interface ErrorReportingSettings {
  apiKey: string;
  endpoints: { notify: string; sessions: string };
}

export type EngagementSettings =
  | { vendor: 'braze'; apiKey: string; baseUrl: string }
  | { vendor: 'collector'; url: string };

export type AnalyticsSettings =
  | { vendor: 'ga4'; measurementId: string }
  | { vendor: 'collector'; url: string };

/** What the shell tells the SPA; a service set to null does not run. */
export interface ServicesSettings {
  releaseStage: string;
  errors: ErrorReportingSettings | null;
  engagement: EngagementSettings | null;
  analytics: AnalyticsSettings | null;
}

export const NO_SERVICES: ServicesSettings = {
  releaseStage: 'development',
  errors: null,
  engagement: null,
  analytics: null,
};

/**
 * The collector's stand-in for a Bugsnag API key: Bugsnag refuses to start without a key of this shape,
 * and the collector ignores it.
 */
export const COLLECTOR_API_KEY = '0'.repeat(32);

/** Analytics events of the spec (section 7), with what each carries: never personal data. */
export interface AnalyticsEvents {
  page_view: { path: string };
  sign_up: Record<string, never>;
  sign_in: Record<string, never>;
  checkout_attempt: { price: string | null; product: string | null; coupon: string | null };
}
export type AnalyticsEventName = keyof AnalyticsEvents;

/** The engagement calls the collector lists, named as the Braze SDK names them. */
export type EngagementCall =
  | { call: 'changeUser'; userId: string }
  | {
      call: 'logCustomEvent';
      name: 'sign_up' | 'sign_in' | 'checkout_attempt';
      properties: Record<string, unknown>;
    }
  | { call: 'wipeData' };

/**
 * Keys whose values never leave in an error report or a log line, wherever they appear: a field of an
 * error, a parameter of an address. They cover every credential the API accepts and every parameter
 * of its contract that carries a secret or a person's data (`tests/api/logging.test.ts` places each).
 */
export const REDACTED_KEYS: readonly (string | RegExp)[] = [
  /password/i,
  /token/i,
  /signature/i,
  'authorization',
  'cookie',
  /card/i,
  /cvc/i,
  /email/i,
  /actor/i,
  // The members search: part of a person's name or email.
  'q',
  // The session cookies of the member's pages and of the studio.
  'trainer_session',
  'studio_session',
];

/** Whether a key's value is one REDACTED_KEYS keeps out. */
export function isRedactedKey(key: string): boolean {
  return REDACTED_KEYS.some((pattern) => (typeof pattern === 'string' ? pattern === key : pattern.test(key)));
}

function decoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** An email address, as written or as a client escapes it in an address (`%40`). */
export const HOLDS_EMAIL = /@|%40/i;

/**
 * The value of every query parameter REDACTED_KEYS names (an emailed link's token, an admin token, an
 * email), and of any that holds an email address, replaced wherever a text quotes an address, so no
 * report, event or log carries a usable link or a person's address.
 */
export function redactParameters(text: string): string {
  return text.replace(
    /([?&])([^=&#\s"]+)=([^&#\s"]*)/g,
    (whole, separator: string, name: string, value: string) =>
      isRedactedKey(decoded(name)) || HOLDS_EMAIL.test(value) ? `${separator}${name}=[redacted]` : whole,
  );
}
