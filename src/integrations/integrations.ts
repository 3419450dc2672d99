// The embedded services of one page, made from what the HTML shell says is configured (decision 070).
// Nothing here loads a vendor's code: each adapter imports its SDK when it is first needed.
import { NO_SERVICES, type ServicesSettings } from '../../domain/integrations.ts';
import { type Analytics, createAnalytics, noAnalytics } from './analytics.ts';
import { createEngagement, type Engagement, noEngagement } from './engagement.ts';
import { createErrorReporter, type ErrorReporter, noErrorReporter } from './errors.ts';
import { refusesTracking } from './privacy.ts';

export interface Services {
  analytics: Analytics;
  engagement: Engagement;
  errors: ErrorReporter;
}

/** For screens and tests that run no service. */
export const noServices: Services = {
  analytics: noAnalytics,
  engagement: noEngagement,
  errors: noErrorReporter,
};

export function createServices(
  settings: ServicesSettings = NO_SERVICES,
  options: { refused?: boolean; styleNonce?: string } = {},
): Services {
  const refused = options.refused ?? refusesTracking();
  return {
    analytics: createAnalytics(settings.analytics, refused),
    engagement: createEngagement(settings.engagement, refused, options.styleNonce),
    errors: createErrorReporter(settings.errors, settings.releaseStage, refused),
  };
}
