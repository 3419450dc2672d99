// The browser replays a chosen few UI paths: they must reach what all of them reach, and the browser
// suite's record of the flows must count what the pages saw.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowCoverage, UNREACHABLE } from '../../e2e/flow-coverage.ts';
import {
  browserPaths,
  coverageOf,
  inBrowser,
  shownStates,
  type UiPath,
  uiPaths,
} from '../../paths/catalog.ts';
import { noSpecTags } from '../../paths/spec-tags.ts';
import { storyboard } from '../../paths/storyboard.ts';
import { siteOf, taggedPaths } from '../../paths/tags.ts';
import { pressesPhoneOnly } from '../../paths/ui.ts';

const CHARTS: UiPath['chart'][] = ['signup-modal', 'account-step', 'address', 'session'];
const runnable = () => uiPaths().filter(inBrowser);

async function reached(chart: UiPath['chart'], paths: UiPath[]) {
  const coverage = await coverageOf(
    chart,
    paths.filter((path) => path.chart === chart),
  );
  return { states: [...coverage.visitedStates].sort(), transitions: [...coverage.visitedTransitions].sort() };
}

// Four charts' paths replayed on their machines: longer than a unit test's default 5 s on a busy machine.
describe('the browser UI paths', { timeout: 30_000 }, () => {
  it('on desktop take every transition and reach every state that the paths a desktop can replay do', async () => {
    const chosen = await browserPaths('transitions');
    expect(chosen.length).toBeLessThan(uiPaths().length / 3);
    expect(chosen.some((path) => pressesPhoneOnly(path.steps))).toBe(false);
    const wide = runnable().filter((path) => !pressesPhoneOnly(path.steps));
    for (const chart of CHARTS) expect(await reached(chart, chosen)).toEqual(await reached(chart, wide));
  });

  it('on desktop in npm test reach every state, show every screen and meet every member the desktop can, with fewer paths', async () => {
    const chosen = await browserPaths('screens');
    const everyTransition = await browserPaths('transitions');
    expect(chosen.length).toBeLessThan(everyTransition.length / 2);
    expect(chosen.some((path) => pressesPhoneOnly(path.steps))).toBe(false);
    const wide = runnable().filter((path) => !pressesPhoneOnly(path.steps));
    const screens = (paths: UiPath[]) => new Set(paths.flatMap(shownStates));
    // Every kind of member is a real account in Chromium, and every site a server of its own.
    const world = async (paths: UiPath[]) =>
      new Set(
        (await taggedPaths(paths, noSpecTags)).flatMap(({ path, tags }) => [
          siteOf(path),
          ...tags.filter((tag) => tag.startsWith('member:')),
        ]),
      );
    for (const chart of CHARTS) {
      expect((await reached(chart, chosen)).states).toEqual((await reached(chart, wide)).states);
      const onChart = (paths: UiPath[]) => paths.filter((path) => path.chart === chart);
      expect(screens(onChart(chosen))).toEqual(screens(onChart(wide)));
    }
    expect(await world(chosen)).toEqual(await world(wide));
  });

  it('on desktop and at 375 px together take every transition the browser can', async () => {
    const both = [...(await browserPaths('transitions')), ...(await browserPaths('states'))];
    for (const chart of CHARTS)
      expect((await reached(chart, both)).transitions).toEqual(
        (await reached(chart, runnable())).transitions,
      );
  });

  it('at 375 px reach every state and show every screen of the storyboard', async () => {
    const chosen = await browserPaths('states');
    for (const chart of CHARTS) {
      expect((await reached(chart, chosen)).states).toEqual((await reached(chart, runnable())).states);
      const shown = new Set(chosen.flatMap(shownStates).map((line) => line.split(' ')[1]));
      for (const { state } of storyboard()[chart] ?? []) expect(shown).toContain(state);
    }
  });
});

describe('the flows reached in Chromium', () => {
  it('counts a state seen in a snapshot or left by a transition, and lists the others', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flow-records-'));
    try {
      writeFileSync(
        path.join(dir, 'a.json'),
        JSON.stringify(['state upgrade "offeringUpgrade"', 'transition upgrade upgrade.deciding always #0']),
      );
      writeFileSync(path.join(dir, 'b.json'), JSON.stringify(['state upgrade "done"']));
      const upgrade = flowCoverage(dir).find((chart) => chart.slug === 'upgrade');
      expect(upgrade?.states).toEqual({ total: 4, reached: 3, missing: ['offeringContinue'] });
      expect(upgrade?.transitions.reached).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves out only states with a reason, of client flows', () => {
    const empty = flowCoverage(path.join(tmpdir(), 'no-such-records'));
    expect(empty.map((chart) => chart.slug)).not.toContain('subscription-lifecycle');
    const missing = empty.flatMap((chart) => chart.states.missing.map((state) => `${chart.slug}.${state}`));
    for (const state of Object.keys(UNREACHABLE)) expect(missing).not.toContain(state);
    for (const reason of Object.values(UNREACHABLE)) expect(reason.length).toBeGreaterThan(40);
  });
});
