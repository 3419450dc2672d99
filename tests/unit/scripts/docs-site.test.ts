import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { statecharts } from '../../../machines/statecharts.ts';
import { allNodes } from '../../../scripts/docs-chart.ts';
import { renderSite, SITE_DIR, sitePage } from '../../../scripts/docs-site.ts';

// Rendering walks every chart and the UI paths' tables: seconds of work on a busy 2-core machine.
const RENDERS_EVERY_CHART = 60_000;

/** The storyboard's record of the screenshots taken: written by `npm run docs:screens`, not by the site. */
const record = JSON.parse(
  readFileSync(join(SITE_DIR, '..', 'statecharts', 'screens', 'storyboard.json'), 'utf8'),
) as {
  storyboard: Record<string, { state: string; sees: string; moment?: string; phoneOnly?: boolean }[]>;
};

describe('docs/site, the flows to try', { timeout: RENDERS_EVERY_CHART }, () => {
  it('is what the machine definitions render', () => {
    for (const [name, text] of renderSite()) {
      const committed = readFileSync(join(SITE_DIR, name), 'utf8');
      expect(committed, `docs/site/${name} is out of date: run npm run docs:site`).toBe(text);
    }
  });

  it('draws every state of every chart, each with a way in or marked as reached from another flow', () => {
    for (const chart of statecharts) {
      const page = sitePage(chart);
      for (const node of allNodes(chart.machine.root)) {
        const state = page.states[node.id];
        expect(state, `${chart.slug}: ${node.id}`).toBeDefined();
        const targeted = page.transitions.some((t) => t.to.includes(node.id));
        const initial =
          !node.parent || node.parent.type === 'parallel' || node.parent.initial?.target?.[0] === node;
        expect(state?.wayIn, `${chart.slug}: ${node.id}`).toBe(
          initial ? 'initial' : targeted ? 'arrow' : 'another flow',
        );
      }
    }
  });

  it('shows every storyboard picture beside its state, in each screen the storyboard took it in', () => {
    for (const [slug, rows] of Object.entries(record.storyboard)) {
      const chart = statecharts.find((c) => c.slug === slug);
      if (!chart) throw new Error(`The storyboard names an unknown chart: ${slug}`);
      const page = sitePage(chart);
      for (const row of rows) {
        const node = allNodes(chart.machine.root).find((n) => n.path.join('.') === row.state);
        const shown = node ? (page.states[node.id]?.screens ?? []) : [];
        const file = `${row.state}${row.moment ? `~${row.moment}` : ''}`;
        // A phone-only row (a state only the phone's menu reaches) has no desktop picture.
        const screens = row.phoneOnly ? ['mobile-es'] : ['desktop-en', 'mobile-es'];
        expect(shown.map((s) => s.src)).toEqual(
          expect.arrayContaining(
            screens.map((screen) => `../statecharts/screens/${slug}/${file}--${screen}.png`),
          ),
        );
      }
    }
  });
});
