// Lighthouse's performance figures and SEO score for the home, a challenge page and a content page of
// the production server, mobile and desktop, beside baseline A (bench/baseline-a: a bare Vite + React
// 19 page built and served the same way in the same run). Each page is loaded --runs times (3 by
// default) in a fresh headless Chromium under Lighthouse's simulated throttling, and the medians are
// printed, with the SEO audits a page fails and the machine's load average as each run ended.
// Prints figures; asserts nothing. Decisions 082 and 119 explain the choices.
//   npm run bench:lighthouse                  (builds the site into a temporary directory first)
//   npm run bench:lighthouse -- --runs 5 --no-build         (serves the dist/ already built)
//   npm run bench:lighthouse -- --server-dir ../other-checkout   (that checkout's build and server)
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000      (a server already running)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { build } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts';
import { precompress } from '../scripts/precompress.ts';
import { freePort, waitFor } from './local-server.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    /** --no-build serves the checkout's dist/ as it is. */
    build: { type: 'boolean', default: true },
    /** The checkout whose site is built and whose server runs (and whose content/ names the pages). */
    'server-dir': { type: 'string', default: '.' },
    /** A server already running: nothing is built or started for the site. */
    url: { type: 'string' },
  },
  allowNegative: true,
});
const runs = Number(values.runs);
const repoDir = path.resolve(import.meta.dirname, '..');
const serverDir = path.resolve(values['server-dir']);
const trainerId = process.env.VITE_TRAINER_ID ?? 'demo-trainer';
const chromePath = findChromium();
if (!chromePath) throw new Error('No Chromium found: install Debian’s chromium or set CHROMIUM_PATH');

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}

const workDir = mkdtempSync(path.join(tmpdir(), 'trainer-lighthouse-'));
const children: ChildProcess[] = [];
const { DATABASE_URL: _database, REDIS_URL: _redis, SMTP_URL: _smtp, ...env } = process.env;

/** The site as `npm run build` makes it, but into the work directory: the checkout's dist/ stays as it is. */
async function buildSite(): Promise<string> {
  const outDir = path.join(workDir, 'site');
  const viteBuild = async (args: string[]) => {
    const vite = spawn(
      process.execPath,
      [path.join(serverDir, 'node_modules/vite/bin/vite.js'), 'build', ...args],
      {
        cwd: serverDir,
        env: { ...env, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const code = await exited(vite);
    if (code !== 0) throw new Error(`vite build exited with ${code}`);
  };
  await viteBuild(['--outDir', outDir, '--emptyOutDir']);
  // The server's render of the public pages (decision 118), in checkouts that have one.
  const serverConfig = 'vite.ssr.config.ts';
  if (existsSync(path.join(serverDir, serverConfig)))
    await viteBuild(['--config', serverConfig, '--outDir', path.join(outDir, '.ssr'), '--emptyOutDir']);
  return outDir;
}

/** The API with production settings; the Stripe keys are placeholders and its API a closed port. */
async function startSite(distDir: string): Promise<string> {
  const port = await freePort();
  const server = spawn(process.execPath, ['server/main.ts'], {
    cwd: serverDir,
    env: {
      ...env,
      NODE_ENV: 'production',
      RELEASE_STAGE: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      DIST_DIR: distDir,
      // The site's own address, as a deployment sets it: its canonical links and sitemap name the
      // host Lighthouse loads (an audit fails a canonical link to another host).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      STRIPE_SECRET_KEY: 'sk_test_lighthouse',
      STRIPE_WEBHOOK_SECRET: 'whsec_lighthouse',
      STRIPE_API_URL: `http://127.0.0.1:${await freePort()}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  return base;
}

/** Baseline A, built by the project's Vite and React plugin and precompressed as the site's build is. */
async function startBaseline(): Promise<string> {
  const outDir = path.join(workDir, 'baseline-a');
  await build({
    root: path.join(repoDir, 'bench/baseline-a'),
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  precompress(outDir);
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(repoDir, 'bench/baseline-a/serve.ts')], {
    env: { ...env, BASELINE_DIR: outDir, BASELINE_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`);
  return base;
}

/** The first challenge of the trainer's catalogue, as the server gives it. */
async function challengePath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/trainer/${trainerId}/products`);
  const catalogue = (await res.json()) as { challenges?: { slug?: string; id: string }[] };
  const challenge = catalogue.challenges?.[0];
  if (!challenge) throw new Error(`trainer ${trainerId} sells no challenge`);
  return `/challenge/${challenge.slug ?? challenge.id}`;
}

/**
 * A content page of the local content (CONTENT_DIR) that the server serves, preferring one reached
 * by the catch-all route over the legal pages, which have routes of their own.
 */
async function contentPath(base: string): Promise<string> {
  const dir = path.resolve(serverDir, process.env.CONTENT_DIR ?? 'content');
  const file = path.join(dir, 'production.ndjson');
  const slugs = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { _type?: string; slug?: { current?: string } })
        .filter((doc) => doc._type === 'page' && doc.slug?.current)
        .map((doc) => doc.slug?.current as string)
    : [];
  const legal = new Set(['privacy', 'terms']);
  for (const slug of [...slugs.filter((s) => !legal.has(s)), ...slugs, 'privacy']) {
    if ((await fetch(`${base}/api/content/pages/${encodeURIComponent(slug)}`)).ok) {
      return slug === 'privacy' ? '/privacy' : slug === 'terms' ? '/tos' : `/${slug}`;
    }
  }
  throw new Error('the server has no content page');
}

type FormFactor = 'mobile' | 'desktop';

interface Figures {
  score: number;
  /** Lighthouse's SEO category, 0 to 100. */
  seo: number;
  /** The SEO audits the page fails, by id. */
  seoFailed: string[];
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** The part of bytes requested after the load event (the modal's code, loaded once the page is idle). */
  afterLoad: number;
  /** Bootup-time: script evaluation, parse and compile, per script, summed. */
  js: number;
  /** Mainthread-work-breakdown: all main-thread work (style, layout, paint and parsing too). */
  mainThread: number;
  benchmarkIndex: number;
  /** The machine's load average over the last minute when the run ended (other jobs included). */
  load: number;
  /** Requests that left the machine: none is expected, so any is reported. */
  outside: string[];
}

function figures(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  type Request = { url: string; networkRequestTime?: number; transferSize?: number };
  const network = lhr.audits['network-requests']?.details as
    | { items?: Request[]; debugData?: { networkStartTimeTs?: number } }
    | undefined;
  const requests = network?.items ?? [];
  // Request times are in ms from the first request; the load event is a trace time stamp in µs.
  const loadTs = (lhr.audits.metrics?.details as { items?: { observedLoadTs?: number }[] } | undefined)
    ?.items?.[0]?.observedLoadTs;
  const startTs = network?.debugData?.networkStartTimeTs;
  const afterLoad = (request: Request) =>
    loadTs !== undefined &&
    startTs !== undefined &&
    startTs + (request.networkRequestTime ?? 0) * 1000 > loadTs;
  const seoFailed = (lhr.categories.seo?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  return {
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    seo: (lhr.categories.seo?.score ?? Number.NaN) * 100,
    seoFailed,
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    afterLoad: requests.filter(afterLoad).reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    js: numeric('bootup-time'),
    mainThread: numeric('mainthread-work-breakdown'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    load: loadavg()[0] ?? Number.NaN,
    outside: requests
      .map((r) => r.url)
      .filter((url) => /^https?:/.test(url) && new URL(url).hostname !== '127.0.0.1'),
  };
}

/** One Lighthouse run in a Chromium of its own, so no run inherits another's cache or processes. */
async function measure(url: string, formFactor: FormFactor): Promise<Figures | string> {
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir: mkdtempSync(path.join(workDir, 'chromium-')),
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'seo'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) return 'no result';
    if (result.lhr.runtimeError) return result.lhr.runtimeError.message;
    return figures(result.lhr);
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

try {
  let siteBase = values.url?.replace(/\/$/, '');
  if (!siteBase) {
    const distDir = values.build ? await buildSite() : path.join(serverDir, 'dist');
    siteBase = await startSite(distDir);
  }
  const baselineBase = await startBaseline();
  const pages = [
    { name: 'home', url: `${siteBase}/` },
    { name: 'challenge', url: `${siteBase}${await challengePath(siteBase)}` },
    { name: 'content', url: `${siteBase}${await contentPath(siteBase)}` },
    { name: 'baseline A', url: `${baselineBase}/` },
  ];
  const formFactors: FormFactor[] = ['mobile', 'desktop'];
  const results = new Map<string, Figures[]>();
  const key = (page: string, formFactor: FormFactor) => `${page} ${formFactor}`;

  console.log(`Lighthouse, ${chromePath}, ${runs} run(s) of each:`);
  for (const page of pages) console.log(`  ${page.name.padEnd(10)} ${page.url}`);
  // Runs go round the pages in turn, so a slow spell of the machine falls on all of them alike.
  for (let run = 1; run <= runs; run++) {
    for (const formFactor of formFactors) {
      for (const page of pages) {
        const outcome = await measure(page.url, formFactor);
        if (typeof outcome === 'string') {
          console.log(`  run ${run} ${key(page.name, formFactor)}: failed (${outcome})`);
          continue;
        }
        if (outcome.outside.length > 0) {
          console.log(`  run ${run} ${key(page.name, formFactor)}: requests outside: ${outcome.outside}`);
        }
        results.set(key(page.name, formFactor), [
          ...(results.get(key(page.name, formFactor)) ?? []),
          outcome,
        ]);
      }
    }
    console.log(
      `  run ${run} of ${runs} done, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  }

  const of = (page: string, formFactor: FormFactor, pick: (f: Figures) => number) =>
    median((results.get(key(page, formFactor)) ?? []).map(pick));
  const columns: [string, (page: string, formFactor: FormFactor) => string][] = [
    ['score', (p, ff) => of(p, ff, (f) => f.score).toFixed(0)],
    ['SEO', (p, ff) => of(p, ff, (f) => f.seo).toFixed(0)],
    ['LCP s', (p, ff) => (of(p, ff, (f) => f.lcp) / 1000).toFixed(2)],
    ['TBT ms', (p, ff) => of(p, ff, (f) => f.tbt).toFixed(0)],
    ['CLS', (p, ff) => of(p, ff, (f) => f.cls).toFixed(3)],
    ['kB', (p, ff) => (of(p, ff, (f) => f.bytes) / 1000).toFixed(1)],
    ['after load kB', (p, ff) => (of(p, ff, (f) => f.afterLoad) / 1000).toFixed(1)],
    ['×A kB', (p, ff) => (of(p, ff, (f) => f.bytes) / of('baseline A', ff, (f) => f.bytes)).toFixed(1)],
    ['JS ms', (p, ff) => of(p, ff, (f) => f.js).toFixed(0)],
    ['main ms', (p, ff) => of(p, ff, (f) => f.mainThread).toFixed(0)],
    ['load', (p, ff) => of(p, ff, (f) => f.load).toFixed(1)],
  ];
  const width = (i: number) => Math.max(7, (columns[i]?.[0].length ?? 0) + 2);
  const row = (page: string, formFactor: string, cells: string[]) =>
    page.padEnd(11) + formFactor.padEnd(8) + cells.map((cell, i) => cell.padStart(width(i))).join('');
  const headers = columns.map(([header]) => header);
  console.log(`\nmedians of ${runs} run(s)`);
  console.log(row('page', 'form', headers));
  for (const formFactor of formFactors) {
    for (const page of pages) {
      const cells = columns.map(([, cell]) => cell(page.name, formFactor));
      console.log(row(page.name, formFactor, cells));
    }
  }
  for (const formFactor of formFactors) {
    const baseline = of('baseline A', formFactor, (f) => f.bytes);
    const home = of('home', formFactor, (f) => f.bytes);
    const fetched = of('home', formFactor, (f) => f.bytes - f.afterLoad);
    console.log(
      `home / baseline A bytes (${formFactor}): ${(home / baseline).toFixed(1)}x` +
        ` (${(fetched / baseline).toFixed(1)}x without the files fetched after load)`,
    );
  }
  for (const [name, outcomes] of results) {
    const failed = [...new Set(outcomes.flatMap((f) => f.seoFailed))];
    if (failed.length > 0) console.log(`SEO audits failed by ${name}: ${failed.join(', ')}`);
  }
  const all = [...results.values()].flat();
  console.log(
    `score: performance; SEO: Lighthouse's SEO category; kB: transfer size of all the page fetched, the files fetched after load (for the modal) included; JS ms: bootup-time;` +
      ` main ms: mainthread-work-breakdown (both on the throttled CPU); load: the machine's 1-minute load average as each run ended.` +
      ` Lighthouse benchmark index of this machine: ${median(all.map((f) => f.benchmarkIndex)).toFixed(0)}`,
  );
} finally {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  rmSync(workDir, { recursive: true, force: true });
}
