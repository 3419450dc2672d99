// The site's Content-Security-Policies, one named function per policy. The hosted pages of the
// sandbox have their own (server/sandbox/sandbox-page.ts), fitted to their one stylesheet.
import type { ServiceOrigins } from '../integrations.ts';

/**
 * The SPA's shell. No inline scripts and no other origins for scripts. Inline styles only with the
 * shell's nonce: Mantine writes its CSS variables and responsive style props into style elements,
 * and stamps them with the nonce the SPA reads from the shell (style props set through the CSSOM need
 * none). Images may come from Sanity's CDN. The embedded services that are configured add their own
 * origins, and only those (decision 070), as does the video provider (decision 137).
 */
export function shellPolicy(
  styleNonce: string,
  services: ServiceOrigins = { script: [], connect: [], img: [], frame: [] },
): string {
  return policy(styleNonce, services);
}

/**
 * Any other page the server writes (the dev mailbox, an error page): the shell's policy without a
 * nonce or a service, so no inline style runs and no other site can frame it.
 */
export function serverPagePolicy(): string {
  return policy(undefined, { script: [], connect: [], img: [], frame: [] });
}

function policy(styleNonce: string | undefined, services: ServiceOrigins): string {
  const plus = (origins: string[]) => origins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${plus(services.script)}`,
    `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ''}`,
    `img-src 'self' data: https://cdn.sanity.io${plus(services.img)}`,
    "font-src 'self'",
    `connect-src 'self'${plus(services.connect)}`,
    // Only the configured video provider's player; without one, frames fall back to default-src.
    ...(services.frame.length > 0 ? [`frame-src 'self'${plus(services.frame)}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
