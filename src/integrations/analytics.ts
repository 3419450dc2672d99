// The analytics port: the spec's events (a page view on challenge paths; sign up, sign in and the
// checkout attempt) and one adapter per destination. Google Analytics 4 through gtag.js when a
// measurement id is configured, the dev collector when only it runs, nothing otherwise. Events never
// carry personal data: no member id, name or email, and no token in a URL.
import {
  type AnalyticsEventName,
  type AnalyticsEvents,
  type AnalyticsSettings,
  redactParameters,
} from '../../domain/integrations.ts';
import { sendToCollector } from './collector.ts';

export interface Analytics {
  send<Name extends AnalyticsEventName>(name: Name, params: AnalyticsEvents[Name]): void;
}

export const noAnalytics: Analytics = { send() {} };

export function createAnalytics(settings: AnalyticsSettings | null, refused: boolean): Analytics {
  if (!settings || refused) return noAnalytics;
  if (settings.vendor === 'collector') {
    return { send: (name, params) => sendToCollector(settings.url, { name, params }) };
  }
  return ga4Analytics(settings.measurementId);
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type GtagCommand = [command: 'js', date: Date] | [command: 'config' | 'event', name: string, params?: object];

/** GA4's recommended event for each of ours, with its parameters. */
export function ga4Event<Name extends AnalyticsEventName>(
  name: Name,
  params: AnalyticsEvents[Name],
  origin: string,
): [string, Record<string, unknown>] {
  switch (name) {
    case 'page_view': {
      const { path } = params as AnalyticsEvents['page_view'];
      return ['page_view', { page_path: path, page_location: redactParameters(`${origin}${path}`) }];
    }
    case 'sign_up':
      return ['sign_up', { method: 'email' }];
    case 'sign_in':
      return ['login', { method: 'email' }];
    default: {
      const { price, product, coupon } = params as AnalyticsEvents['checkout_attempt'];
      return [
        'begin_checkout',
        {
          ...(coupon ? { coupon } : {}),
          items: [{ item_id: product ?? price ?? 'unknown', ...(price ? { item_variant: price } : {}) }],
        },
      ];
    }
  }
}

/**
 * gtag.js, loaded on the first event (never on the first load of a page that sends none). The page
 * views are sent by the SPA itself, so the tag's own automatic one is off.
 */
export function ga4Analytics(
  measurementId: string,
  doc: Document = document,
  win: Window = window,
): Analytics {
  let started = false;
  const gtag = (...command: GtagCommand) => {
    win.dataLayer ??= [];
    // gtag.js reads each command as an `arguments` object, as its own snippet pushes them.
    win.dataLayer.push(
      (function args(..._: unknown[]) {
        // biome-ignore lint/complexity/noArguments: gtag.js requires the Arguments object itself.
        return arguments;
      })(...command),
    );
  };
  const start = () => {
    if (started) return;
    started = true;
    const script = doc.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
    doc.head.append(script);
    gtag('js', new Date());
    gtag('config', measurementId, { send_page_view: false });
  };
  return {
    send(name, params) {
      start();
      const [event, parameters] = ga4Event(name, params, win.location.origin);
      gtag('event', event, parameters);
    },
  };
}
