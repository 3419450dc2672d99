// The customer-engagement port (spec sections 1, 4 and 7): the member is identified when signed in or
// restored, the sign-up, sign-in and checkout attempt are logged as custom events, and sign-out stops
// it and wipes what it kept in the browser. The Braze Web SDK runs when it is configured, loaded only
// once a member is known (never for a visitor, never on the first load); the dev collector stands in
// for it where only the dev pages run.
import type { EngagementCall, EngagementSettings } from '../../domain/integrations.ts';
import { ENGAGEMENT_TRIGGER_INTERVAL_SECONDS } from '../../domain/integrations.ts';
import { sendToCollector } from './collector.ts';

export type EngagementEvent = Extract<EngagementCall, { call: 'logCustomEvent' }>['name'];

export interface Engagement {
  identify(memberId: string): void;
  track(name: EngagementEvent, properties: Record<string, unknown>): void;
  /** Sign-out: stops sending and wipes the locally stored data. */
  stop(): void;
}

export const noEngagement: Engagement = { identify() {}, track() {}, stop() {} };

/** What an adapter does once the member is known; the port keeps the order rules in one place. */
interface EngagementSink {
  changeUser(memberId: string): void;
  logCustomEvent(name: EngagementEvent, properties: Record<string, unknown>): void;
  wipeData(): void;
}

/**
 * Events are attributed to the current user, so an event that comes before the member is identified
 * (the sign-up is logged as the account is created, the identification follows) waits for it; events
 * of someone never identified are dropped at sign-out.
 */
export function engagementPort(sink: () => EngagementSink): Engagement {
  let member: string | null = null;
  let pending: [EngagementEvent, Record<string, unknown>][] = [];
  let running: EngagementSink | null = null;
  return {
    identify(memberId) {
      if (member === memberId) return;
      member = memberId;
      running ??= sink();
      running.changeUser(memberId);
      for (const [name, properties] of pending) running.logCustomEvent(name, properties);
      pending = [];
    },
    track(name, properties) {
      if (running && member) running.logCustomEvent(name, properties);
      else pending.push([name, properties]);
    },
    stop() {
      pending = [];
      member = null;
      running?.wipeData();
      running = null;
    },
  };
}

export function createEngagement(
  settings: EngagementSettings | null,
  refused: boolean,
  styleNonce?: string,
): Engagement {
  if (!settings || refused) return noEngagement;
  if (settings.vendor === 'collector') {
    const send = (call: EngagementCall) => sendToCollector(settings.url, call);
    return engagementPort(() => ({
      changeUser: (userId) => send({ call: 'changeUser', userId }),
      logCustomEvent: (name, properties) => send({ call: 'logCustomEvent', name, properties }),
      wipeData: () => send({ call: 'wipeData' }),
    }));
  }
  return engagementPort(() => brazeSink(settings.apiKey, settings.baseUrl, styleNonce));
}

type Braze = typeof import('@braze/web-sdk');

/** The Braze options: logging off, in-app messages at most every 30 s, styles under the page's nonce. */
export function brazeOptions(baseUrl: string, styleNonce?: string) {
  return {
    baseUrl,
    enableLogging: false,
    minimumIntervalBetweenTriggerActionsInSeconds: ENGAGEMENT_TRIGGER_INTERVAL_SECONDS,
    // The policy allows no font CDN; in-app messages use the site's own fonts.
    doNotLoadFontAwesome: true,
    ...(styleNonce ? { contentSecurityNonce: styleNonce } : {}),
  };
}

/** The SDK is imported on the first identification and every call waits for it, in order. */
function brazeSink(apiKey: string, baseUrl: string, styleNonce?: string): EngagementSink {
  const sdk: Promise<Braze | null> = import('@braze/web-sdk').then((braze) => {
    if (!braze.initialize(apiKey, brazeOptions(baseUrl, styleNonce))) return null;
    braze.automaticallyShowInAppMessages();
    return braze;
  });
  const then = (call: (braze: Braze) => void) =>
    void sdk.then((braze) => {
      if (braze) call(braze);
    });
  return {
    changeUser: (memberId) =>
      then((braze) => {
        braze.changeUser(memberId);
        braze.openSession();
      }),
    // Each of these events is a milestone often followed by leaving the page (the checkout redirect),
    // so it is sent at once rather than with the SDK's next batch.
    logCustomEvent: (name, properties) =>
      then((braze) => {
        braze.logCustomEvent(name, properties);
        braze.requestImmediateDataFlush();
      }),
    wipeData: () =>
      then((braze) => {
        braze.wipeData();
        braze.destroy();
      }),
  };
}
