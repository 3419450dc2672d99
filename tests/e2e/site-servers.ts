// The browser suite's sites (tests/e2e/sites.ts), each the trainer API serving the built SPA as in
// production but on a fresh data directory, started together before the first test
// (playwright.config.ts's global setup). Playwright's own `webServer` starts its servers one after
// another, each waiting for the last to answer: five starts in a row, where on two cores two run at
// once (decision 176).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { SERVICES_SITE_ENV } from './services-site.ts';
import { E2E_ADMIN_TOKEN, SITE_PORT_VARIABLES, type Site, sitesOfRun } from './sites.ts';
import { STUDIO_SITE_ENV } from './studio-site.ts';
import { siteTimeout, waitsOf } from './waits.ts';

export interface SiteServer {
  name: Site;
  /** Where the site answers once it is ready. */
  health: string;
  env: Record<string, string>;
}

function site(
  name: Site,
  dir: string,
  contentDir?: string,
  env: Record<string, string> = {},
  host = '127.0.0.1',
) {
  const port = process.env[SITE_PORT_VARIABLES[name]];
  if (!port) throw new Error('Run the browser tests with `npm run test:e2e`.');
  return {
    name,
    health: `http://127.0.0.1:${port}/api/health`,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      PUBLIC_URL: `http://${host}:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_LOG2_COST: '12',
      // Every browser test comes from 127.0.0.1: the per-address limits would throttle the suite itself.
      RATE_LIMIT_MAX: '10000',
      ...(contentDir ? { CONTENT_DIR: contentDir } : {}),
      ...env,
    },
  };
}

/** The sites this run starts (`E2E_SITES`), in the data directory scripts/e2e.ts made. */
export function siteServers(dataDir: string): SiteServer[] {
  const open = path.join(dataDir, 'content-open');
  const all: Record<Site, () => SiteServer> = {
    // The operator's API is on for the membership journeys, which set the trainer's pause lengths and
    // cancel offer (tests/e2e/membership-journey.ts).
    site: () => site('site', path.join(dataDir, 'site'), undefined, { ADMIN_TOKEN: E2E_ADMIN_TOKEN }),
    // The demo site with email verification off (scripts/e2e.ts writes its content).
    open: () => site('open', path.join(dataDir, 'open'), open),
    // That site again in a release stage that reports errors, with a Braze configuration whose
    // endpoint the services' tests answer in the browser (tests/e2e/services.spec.ts).
    services: () => site('services', path.join(dataDir, 'services'), open, SERVICES_SITE_ENV),
    // That site again with the annual plan off sale in its database (tests/e2e/sites.ts).
    'no-annual': () => site('no-annual', path.join(dataDir, 'no-annual'), open),
    // That site again at `localhost`, the only kind of address WebAuthn accepts as a site's identity
    // without HTTPS, for the studio's passkeys (tests/e2e/studio-site.ts, decision 160).
    studio: () => site('studio', path.join(dataDir, 'studio'), open, STUDIO_SITE_ENV, 'localhost'),
  };
  return sitesOfRun().map((name) => all[name]());
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs a script of the repository to its end, refusing a failure with what it printed. */
function runScript(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} failed (${code}): ${stderr}`)),
    );
  });
}

/** Starts one site's server; resolves once it answers its health check. */
async function start(server: SiteServer, ms: number, children: ChildProcess[]): Promise<void> {
  // The site without an annual plan has its database made first, while the other sites start.
  if (server.name === 'no-annual')
    await runScript(['tests/e2e/no-annual-site.ts', server.env.DATA_DIR ?? '']);
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  // Its errors show as they come, each line named by its site, as Playwright showed them.
  let rest = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) process.stderr.write(`[${server.name}] ${line}\n`);
  });
  const deadline = Date.now() + ms;
  while (!(await answers(server.health))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `The ${server.name} site's server stopped before it answered (${child.exitCode ?? child.signalCode}).`,
      );
    if (Date.now() > deadline) throw new Error(siteTimeout(server.name, ms, server.health));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Playwright's global setup: every site of the run started at once; its teardown stops them. */
export default async function startSites(): Promise<() => Promise<void>> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('Run the browser tests with `npm run test:e2e`.');
  const children: ChildProcess[] = [];
  // Killed as Playwright's web servers were: the data directories go with the run (scripts/e2e.ts).
  const stop = () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  try {
    const ms = waitsOf().server * 1000;
    await Promise.all(siteServers(dataDir).map((server) => start(server, ms, children)));
  } catch (error) {
    stop();
    throw error;
  }
  return async () => {
    stop();
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
  };
}
