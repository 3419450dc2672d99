// Every browser test records which states and transitions of the app's flows it reached: the page's
// `__flowInspector` (see src/lib/inspection.ts) passes XState's inspection events to the test, which
// writes what it saw under the run's data directory. After a full run, `npm run test:e2e` adds them
// up per machine (tests/e2e/flow-coverage.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { FLOW_RECORDS } from './flow-coverage.ts';
import { waitForRenderedPage, watchHydration } from './hydration-guard.ts';

/** A line of what a page saw: `state <machine> <value as JSON>` or `transition <machine> <key>`. */
export type FlowRecord = string;

/**
 * Runs in the page before the app: forwards each machine's new values and transitions once. What a
 * page saw is also kept in the tab's session storage and sent again by the next page of the site,
 * since a page that navigates away (to the hosted checkout) can leave before its lines arrive.
 */
function installRecorder() {
  const KEPT = '__flowRecords';
  const send = (line: string) =>
    (window as unknown as { __recordFlow: (line: string) => void }).__recordFlow(line);
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // A page without storage (about:blank) keeps nothing.
  }
  const kept: string[] = JSON.parse(storage?.getItem(KEPT) ?? '[]');
  for (const line of kept) send(line);
  const seen = new Set<string>(kept);
  const record = (line: string) => {
    if (seen.has(line)) return;
    seen.add(line);
    storage?.setItem(KEPT, JSON.stringify([...seen]));
    send(line);
  };
  interface Node {
    id: string;
    always?: unknown[];
    transitions: Map<string, unknown[]>;
  }
  interface Transition {
    source: Node;
    eventType: string;
  }
  (window as unknown as { __flowInspector: (event: Record<string, unknown>) => void }).__flowInspector = (
    event,
  ) => {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
    const logic = (event.actorRef as { logic?: { id?: string; root?: unknown } }).logic;
    // Only machines have states; promise actors and the like are left out.
    if (!logic?.root || !logic.id) return;
    const snapshot = event.snapshot as { value?: unknown };
    record(`state ${logic.id} ${JSON.stringify(snapshot.value)}`);
    for (const transition of (event._transitions ?? []) as Transition[]) {
      const list =
        transition.eventType === ''
          ? transition.source.always
          : transition.source.transitions.get(transition.eventType);
      const index = list?.indexOf(transition) ?? -1;
      record(`transition ${logic.id} ${transition.source.id} ${transition.eventType || 'always'} #${index}`);
    }
  };
}

export const test = base.extend<{ flowRecorder: FlowRecord[]; hydrationGuard: string[] }>({
  // A page the server rendered is the app's only once hydrated: with JavaScript on, opening or
  // reloading a page waits for that, as a visitor's first press comes after it.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      // A test that takes the page at its first bytes (`waitUntil: 'commit'`) holds it itself.
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await waitForRenderedPage(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await waitForRenderedPage(page);
        return response;
      };
    }
    await use(page);
  },
  // Every browser test fails on a page that did not hydrate as the server rendered it.
  hydrationGuard: [
    async ({ context }, use) => {
      const problems = watchHydration(context);
      await use(problems);
      expect(problems, 'React reported hydration problems').toEqual([]);
    },
    { auto: true },
  ],
  flowRecorder: [
    async ({ context }, use, testInfo) => {
      const lines: FlowRecord[] = [];
      await context.exposeFunction('__recordFlow', (line: string) => {
        lines.push(line);
      });
      await context.addInitScript(installRecorder);
      await use(lines);
      // Each page keeps what it saw in the tab's session storage: the lines still on their way when
      // the test ended are read from there.
      for (const page of context.pages()) {
        const kept = await page
          .evaluate((key) => sessionStorage.getItem(key), '__flowRecords')
          .catch(() => null);
        if (kept) lines.push(...(JSON.parse(kept) as string[]));
      }
      const dataDir = process.env.E2E_DATA_DIR;
      if (!dataDir) return;
      const dir = path.join(dataDir, FLOW_RECORDS);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${testInfo.testId}.json`), JSON.stringify([...new Set(lines)]));
    },
    { auto: true },
  ],
});

export { expect };
