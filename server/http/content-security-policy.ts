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
 * The studio's shell (decision 147): the shell's policy without any embedded service (no analytics,
 * engagement or video on the trainer's own pages), and nothing the shell itself does not need.
 * WebAuthn needs no origin here: the browser speaks to the authenticator, and the ceremony's options
 * and answers go to this site's own API (connect-src 'self'); what WebAuthn asks of a page is the
 * Permissions-Policy below.
 */
export function studioPolicy(styleNonce: string): string {
  return policy(styleNonce, { script: [], connect: [], img: [], frame: [] });
}

/**
 * The studio's Permissions-Policy: passkeys are created and used by this origin's own pages only,
 * never from a frame of another site; the rest of the powerful features are off.
 */
export const STUDIO_PERMISSIONS_POLICY =
  'publickey-credentials-create=(self), publickey-credentials-get=(self), camera=(), microphone=(), geolocation=(), payment=()';

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
