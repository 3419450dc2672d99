// Click to usable form: how long after a visitor presses the home page's Signup button the signup
// modal's first form is on screen and takes input, in headless Chromium, on loopback, with a 4x CPU
// slowdown on loopback, and on a slow phone (4x CPU slowdown, 150 ms latency, 1.6 Mbps down,
// 750 kbps up: Lighthouse's mobile figures).
// Both ends are timed inside the page, so Playwright's round trips stay out of the figures: the start
// is the pointerdown event's own time stamp (it includes any wait for a busy main thread), the end
// is the frame in which the dialog, then its email field (shown, enabled, not covered), is painted.
// Modes: cold (a new browser context, empty cache) clicked once the page has loaded, after a further
// 2 s of idle, or as soon as the button shows; warm is a second visit in a new tab of a context that
// ran "cold, after load" once, its HTTP cache primed, pressed once the page has loaded or after a
// further 2 s of idle (by then the page has preloaded the modal's code). Prints figures; asserts
// nothing.
//   npm run bench:ui                       (builds the site, serves it on a free port)
//   npm run bench:ui -- --no-build --runs 5 --only loopback
//   npm run bench:ui -- --url http://127.0.0.1:3000
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.ts';
import { freePort, waitFor } from './local-server.ts';

const { values } = parseArgs({
  options: {
    /** A site already running (its API serving the built SPA): nothing is built or started. */
    url: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '10' },
    /** One condition only: loopback, cpu or slow. */
    only: { type: 'string' },
    /** Milliseconds between the button's pointerdown and pointerup (0: Playwright's click). */
    'press-ms': { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const pressMs = Number(values['press-ms']);
const RUN_TIMEOUT = 60_000;

interface Condition {
  name: string;
  label: string;
  /** CPU slowdown factor (1: none). */
  cpu: number;
  /** Lighthouse's mobile network on top. */
  slowNetwork: boolean;
}
const CONDITIONS: Condition[] = [
  { name: 'loopback', label: 'loopback, no throttling', cpu: 1, slowNetwork: false },
  { name: 'cpu', label: 'loopback, 4x CPU', cpu: 4, slowNetwork: false },
  {
    name: 'slow',
    label: 'slow: 4x CPU, 150 ms latency, 1.6 Mbps down, 750 kbps up',
    cpu: 4,
    slowNetwork: true,
  },
].filter((condition) => !values.only || condition.name === values.only);
if (CONDITIONS.length === 0) throw new Error('--only takes loopback, cpu or slow');

/** What the page records, in milliseconds since its navigation started. */
interface Marks {
  /** The pointerdown's time stamp: when the browser took the press, not when a handler ran. */
  press?: number;
  /** The dialog element shown, then the frame that painted it. */
  frameSeen?: number;
  frame?: number;
  /** The dialog's email field shown, enabled and on top, then the frame that painted it. */
  formSeen?: number;
  form?: number;
  /** Requests started after the press and answered over the network, not from a cache. */
  fetchedAfterPress?: number;
}

/** Runs in the page before its own scripts (addInitScript). Keeps to itself: it is serialized. */
function installProbe() {
  const marks: Record<string, number> = {};
  (window as unknown as { __uiBench: Record<string, number> }).__uiBench = marks;
  const shown = (element: Element | null): element is HTMLElement => {
    if (!(element instanceof HTMLElement)) return false;
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  const takesInput = (input: Element | null) => {
    if (!(input instanceof HTMLInputElement) || !shown(input) || input.disabled || input.readOnly)
      return false;
    const box = input.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === input || input.contains(top));
  };
  // The rendering step that follows the rAF callback paints the frame; a message posted from the
  // callback is taken just after it.
  const stampAfterPaint = (key: string) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      marks[key] = performance.now();
    };
    channel.port2.postMessage(null);
  };
  // Checked once per frame, just before it is painted: what is shown now is in this frame.
  const poll = () => {
    if (marks.frameSeen === undefined && shown(document.querySelector('[role="dialog"]'))) {
      marks.frameSeen = performance.now();
      stampAfterPaint('frame');
    }
    if (
      marks.formSeen === undefined &&
      takesInput(document.querySelector('[role="dialog"] input[type="email"]'))
    ) {
      marks.formSeen = performance.now();
      stampAfterPaint('form');
      const press = marks.press ?? 0;
      marks.fetchedAfterPress = performance
        .getEntriesByType('resource')
        .filter(
          (entry) => entry.startTime >= press && (entry as PerformanceResourceTiming).transferSize > 0,
        ).length;
      return;
    }
    requestAnimationFrame(poll);
  };
  addEventListener(
    'pointerdown',
    (event) => {
      if (marks.press !== undefined) return;
      marks.press = event.timeStamp;
      requestAnimationFrame(poll);
    },
    { capture: true },
  );
}

/** Applies the condition to the tab (the CDP settings belong to the tab, not the context). */
async function throttle(context: BrowserContext, page: Page, condition: Condition): Promise<void> {
  if (condition.cpu === 1 && !condition.slowNetwork) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
  if (!condition.slowNetwork) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

type Wait = 'load' | 'idle' | 'sight';

/** Opens the home page in a new tab, presses Signup at the moment the mode says, and gives the marks. */
async function measure(context: BrowserContext, condition: Condition, base: string, wait: Wait) {
  const page = await context.newPage();
  try {
    await throttle(context, page, condition);
    const signup = page.getByRole('banner').getByRole('button', { name: 'Signup' });
    await page.goto(`${base}/`, { waitUntil: wait === 'sight' ? 'commit' : 'load', timeout: RUN_TIMEOUT });
    await signup.waitFor({ state: 'visible', timeout: RUN_TIMEOUT });
    if (wait === 'idle') await page.waitForTimeout(2000);
    await signup.click({ delay: pressMs, timeout: RUN_TIMEOUT });
    await page.waitForFunction(
      () => (window as unknown as { __uiBench: Marks }).__uiBench.form !== undefined,
      undefined,
      { timeout: RUN_TIMEOUT },
    );
    const marks = await page.evaluate(() => (window as unknown as { __uiBench: Marks }).__uiBench);
    // The field the browser tests use, found their way, takes what is typed (outside the timing).
    const email = page.getByRole('dialog').getByPlaceholder('Enter email');
    await email.fill('bench@example.com', { timeout: RUN_TIMEOUT });
    await expect(email).toHaveValue('bench@example.com');
    return marks;
  } finally {
    await page.close();
  }
}

interface Sample {
  frame: number;
  form: number;
  pressAt: number;
  fetched: number;
}
const MODES = [
  'cold, after load',
  'cold, after load + 2 s idle',
  'cold, at first sight',
  'warm, after load',
  'warm, after load + 2 s idle',
];

function sample(marks: Marks): Sample {
  const { press, frame, form } = marks;
  if (press === undefined || frame === undefined || form === undefined) throw new Error('marks missing');
  return { frame: frame - press, form: form - press, pressAt: press, fetched: marks.fetchedAfterPress ?? 0 };
}

async function runCondition(browser: Browser, condition: Condition, base: string) {
  const samples = new Map<string, Sample[]>(MODES.map((mode) => [mode, []]));
  const failures = new Map<string, string[]>(MODES.map((mode) => [mode, []]));
  const record = async (mode: string, work: () => Promise<Marks>) => {
    try {
      samples.get(mode)?.push(sample(await work()));
    } catch (error) {
      failures.get(mode)?.push((error as Error).message.split('\n')[0] ?? '');
    }
  };
  const newContext = async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    await context.addInitScript(installProbe);
    return context;
  };
  for (let run = 0; run < runs; run++) {
    process.stdout.write(`\r${condition.name}: run ${run + 1} of ${runs}`);
    // The modes take turns, so a slow spell of the machine spreads over all of them.
    const loaded = await newContext();
    await record(MODES[0] as string, () => measure(loaded, condition, base, 'load'));
    await record(MODES[3] as string, () => measure(loaded, condition, base, 'load'));
    await loaded.close();
    // Its own context, so that it is a second visit too.
    const primed = await newContext();
    await measure(primed, condition, base, 'load');
    await record(MODES[4] as string, () => measure(primed, condition, base, 'idle'));
    await primed.close();
    for (const [mode, wait] of [
      [MODES[1], 'idle'],
      [MODES[2], 'sight'],
    ] as const) {
      const context = await newContext();
      await record(mode as string, () => measure(context, condition, base, wait));
      await context.close();
    }
  }
  process.stdout.write('\r');
  print(condition, samples, failures);
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: with 10 runs the p90 is the 9th.
  const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { median: at(0.5), min: sorted[0] ?? Number.NaN, max: at(1), p90: at(0.9) };
}

function print(condition: Condition, samples: Map<string, Sample[]>, failures: Map<string, string[]>) {
  const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(0)).padStart(7);
  const four = (values: number[]) => {
    const s = stats(values);
    return `${ms(s.median)}${ms(s.min)}${ms(s.max)}${ms(s.p90)}`;
  };
  const quartet = `${'median'.padStart(7)}${'min'.padStart(7)}${'max'.padStart(7)}${'p90'.padStart(7)}`;
  console.log(`\n${condition.label}: ms from the press, ${runs} runs per mode`);
  console.log(
    `${''.padEnd(33)}${'modal frame painted'.padEnd(30)}${'form usable'.padEnd(28)}pressed  requests`,
  );
  console.log(
    `${'mode'.padEnd(30)}${'n'.padStart(3)}${quartet}  ${quartet}  ${'at'.padStart(7)}  after press`,
  );
  for (const mode of MODES) {
    const list = samples.get(mode) ?? [];
    const failed = failures.get(mode) ?? [];
    console.log(
      `${mode.padEnd(30)}${String(list.length).padStart(3)}${four(list.map((s) => s.frame))}  ` +
        `${four(list.map((s) => s.form))}  ${ms(stats(list.map((s) => s.pressAt)).median)}` +
        `${ms(stats(list.map((s) => s.fetched)).median)}` +
        (failed.length ? `   ${failed.length} failed: ${failed[0]}` : ''),
    );
  }
}

const executablePath = findChromium();
if (!executablePath) {
  console.error('No Chromium found: install one (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

let server: ReturnType<typeof spawn> | undefined;
let dataDir: string | undefined;
let base = values.url?.replace(/\/$/, '');
if (!base) {
  if (!values['no-build']) {
    console.log('building the site (npm run build)…');
    const built = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-bench-ui-'));
  base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _inherited, ...env } = process.env;
  server = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  await waitFor(`${base}/api/health`);
  console.log(
    `${base}: press Signup on the home page (pointerup ${pressMs} ms after pointerdown), until the modal's email field takes input`,
  );
  // One visit first, unmeasured: the server's first answers (code not yet optimized, database
  // pages not yet read) would otherwise fall on the first run.
  const warmUp = await browser.newContext();
  await warmUp.addInitScript(installProbe);
  await measure(warmUp, { name: 'warm-up', label: '', cpu: 1, slowNetwork: false }, base, 'load');
  await warmUp.close();
  console.log(
    'pressed at: ms from the start of navigation to the press; requests after press: answered over the network, not from a cache',
  );
  for (const condition of CONDITIONS) await runCondition(browser, condition, base);
} finally {
  await browser.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
