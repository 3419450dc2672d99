// Analytics trackers read a data layer, the convention tag managers share; with none installed the
// events simply accumulate, which is also how the browser tests observe them.
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function trackPageView(path: string): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event: 'page_view', page_path: path });
}
