import type { ApiClient } from '../api/client.ts';
import type { Analytics } from '../integrations/analytics.ts';
import type { Engagement } from '../integrations/engagement.ts';
import type { UserStorage } from '../lib/stored-user.ts';

/** What the flows need from the app: every side effect the machines name. */
export interface FlowDependencies {
  /**
   * The app's one client: the session's token, 401s to that token reported to the session. A call
   * made with an emailed link's own token is refused without signing the member out.
   */
  api: ApiClient;
  storage: UserStorage;
  /** Moves within the SPA (the router). */
  navigate: (path: string) => void;
  /** Leaves the SPA for another site (the hosted checkout). */
  redirect: (url: string) => void;
  analytics: Analytics;
  /** The customer-engagement messaging service: identified when signed in, stopped at sign-out. */
  engagement: Engagement;
  /** Clears the cached server data (TanStack Query). */
  resetStore: () => void;
  /** Clears the selected order and subscription of the root client state. */
  clearSelectedOrder: () => void;
  /** Opens the support contact (a mailto link, or the fallback page). */
  contactSupport: () => void;
}
