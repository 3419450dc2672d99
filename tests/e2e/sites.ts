// The sites the browser suite starts (scripts/e2e.ts, tests/e2e/site-servers.ts), and which one a UI path
// runs on. Each is the real server on a data directory of its own; they differ only in their data:
// - `site`: the demo trainer as published (it verifies emails);
// - `open`: its content with email verification off;
// - `services`: `open` in a release stage that reports errors, with a Braze configuration;
// - `no-annual`: `open` whose database has the demo trainer's annual plan off sale, for the paths of a
//   trainer who sells no annual plan (nothing to upgrade a subscriber to);
// - `studio`: `open` served as `http://localhost:<port>` with its admin API on, for the studio's
//   journeys: WebAuthn takes a host name, never an IP address, as a site's identity (decision 160).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The demo site's operator token in the browser tests: theirs, never a deployment's. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-for-the-membership-journeys';

export const SITES = ['site', 'open', 'services', 'no-annual', 'studio'] as const;
export type Site = (typeof SITES)[number];

/** The environment variable holding each site's port. */
export const SITE_PORT_VARIABLES: Record<Site, string> = {
  site: 'E2E_PORT',
  open: 'E2E_OPEN_PORT',
  services: 'E2E_SERVICES_PORT',
  'no-annual': 'E2E_NO_ANNUAL_PORT',
  studio: 'E2E_STUDIO_PORT',
};

/** The sites this run starts: `E2E_SITES` (comma-separated), all of them when unset. */
export function sitesOfRun(): Site[] {
  const named = process.env.E2E_SITES?.split(',');
  return named ? SITES.filter((site) => named.includes(site)) : [...SITES];
}

/** Writes the content the sites without email verification read: the demo dataset with that setting off. */
export function writeOpenContent(dir: string): void {
  cpSync('content', dir, { recursive: true });
  const dataset = path.join(dir, 'production.ndjson');
  writeFileSync(
    dataset,
    readFileSync(dataset, 'utf8').replace(
      '"enableEmailVerification":true',
      '"enableEmailVerification":false',
    ),
  );
}
