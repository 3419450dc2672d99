// The site the studio's journeys run on (tests/e2e/sites.ts): the demo trainer without email
// verification, served as `http://localhost:<port>`. WebAuthn takes a registrable host name as a
// site's identity and refuses an IP address such as 127.0.0.1; `localhost` is the one host a browser
// treats as secure without HTTPS (decision 160). Its admin API is on, for the operator's CLI, which
// invites the first owner as on a real site.
export const STUDIO_ADMIN_TOKEN = 'e2e-admin-token-for-the-studio-site-0123456';

export const STUDIO_SITE_ENV = { ADMIN_TOKEN: STUDIO_ADMIN_TOKEN };

export function studioSiteUrl(): string {
  const port = process.env.E2E_STUDIO_PORT;
  if (!port) throw new Error('Run the browser tests with `npm run test:e2e`.');
  return `http://localhost:${port}`;
}
