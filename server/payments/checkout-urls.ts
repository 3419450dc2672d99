// Where a checkout sends the member back to. The route is the SPA's current path, appended to
// PUBLIC_URL, so anything but a plain path (`//evil.test`, `@evil.test`, a backslash) could send the
// member to another site. (Amounts are the billing engine's: domain/billing.)
const ROUTE = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

export function normaliseRoute(route: string): string | null {
  if (route === '') return '/';
  if (!ROUTE.test(route)) return null;
  return route.length > 1 ? route.replace(/\/+$/, '') || '/' : route;
}

export function checkoutUrls(publicUrl: string, route: string): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${publicUrl}${route === '/' ? '' : route}/confirmation`,
    cancelUrl: `${publicUrl}${route}`,
  };
}
