// The site the embedded services' browser tests run on: email verification off, the staging release
// stage (errors are reported, to the dev collector), and a Braze configuration whose endpoint exists
// only in the tests' request interception. Its admin API is on, for the operator's CLI
// (tests/e2e/trainer-cli.spec.ts).
export const BRAZE_HOST = 'sdk.braze.test';

/** The services site also runs the admin API, for the operator's CLI in the browser suite. */
export const SERVICES_ADMIN_TOKEN = 'e2e-admin-token-for-the-services-site-0123';

export const SERVICES_SITE_ENV = {
  RELEASE_STAGE: 'staging',
  ADMIN_TOKEN: SERVICES_ADMIN_TOKEN,
  BRAZE_API_KEY: '3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
  BRAZE_BASE_URL: BRAZE_HOST,
};

export function servicesSiteUrl(): string {
  const port = process.env.E2E_SERVICES_PORT;
  if (!port) throw new Error('Run the browser tests with `npm run test:e2e`.');
  return `http://127.0.0.1:${port}`;
}
