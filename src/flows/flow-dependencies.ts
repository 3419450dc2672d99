import type { ApiClient } from '../api/client.ts';

export interface Analytics {
  track(event: 'checkout_attempt' | 'sign_in' | 'sign_up', properties: Record<string, unknown>): void;
}

/** The customer-engagement messaging service; stopped at sign-out. */
export interface EngagementTracker {
  stop(): void;
}

/** What the flows need from the app: every side effect the machines name. */
export interface FlowDependencies {
  /** The app's client: session token from the session, 401s reported to the session. */
  api: ApiClient;
  /**
   * A client for calls made with the single-purpose token of an emailed link: a refused link must
   * not sign the member out, so this one reports no 401.
   */
  linkApi: ApiClient;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Moves within the SPA (the router). */
  navigate: (path: string) => void;
  /** Leaves the SPA for another site (the hosted checkout). */
  redirect: (url: string) => void;
  analytics: Analytics;
  engagement: EngagementTracker;
  /** Clears the cached server data (TanStack Query). */
  resetStore: () => void;
  /** Clears the selected order and subscription of the root client state. */
  clearSelectedOrder: () => void;
  /** Opens the support contact (a mailto link, or the fallback page). */
  contactSupport: () => void;
}
