// The dev collector (`/dev/events` on the API server) receives what a vendor would: a fire-and-forget
// POST that survives the page being left (the checkout attempt is sent just before the redirect).
export function sendToCollector(url: string, body: unknown, fetcher: typeof fetch = globalThis.fetch): void {
  void fetcher(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {
    // Losing a dev event must never disturb the member's journey.
  });
}
