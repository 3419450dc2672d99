import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, StateMachine } from 'xstate';
import { statecharts } from '../../../machines/statecharts.ts';
import { allNodes } from '../../../scripts/docs-chart.ts';
import { type PlayTable, renderSite, SITE_DIR, sitePage, sitePaths } from '../../../scripts/docs-site.ts';
import { uiPaths } from '../../../tests/paths/catalog.ts';

// Rendering walks every chart and the UI paths' tables: seconds of work on a busy 2-core machine.
const RENDERS_EVERY_CHART = 60_000;

/** The storyboard's record of the screenshots taken: written by `npm run docs:screens`, not by the site. */
const record = JSON.parse(
  readFileSync(join(SITE_DIR, '..', 'statecharts', 'screens', 'storyboard.json'), 'utf8'),
) as {
  storyboard: Record<
    string,
    { state: string; sees: string; moment?: string; phoneOnly?: boolean; desktopOnly?: boolean }[]
  >;
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
        const screens = row.phoneOnly
          ? ['mobile-es']
          : row.desktopOnly
            ? ['desktop-en']
            : ['desktop-en', 'mobile-es'];
        expect(shown.map((s) => s.src)).toEqual(
          expect.arrayContaining(
            screens.map((screen) => `../statecharts/screens/${slug}/${file}--${screen}.png`),
          ),
        );
      }
    }
  });

  it('writes the player and the style once, and every page links them rather than carrying them', () => {
    const files = renderSite();
    expect(files.get('player.js')).toContain("document.getElementById('chart')");
    expect(files.get('site.css')).toContain('.state.current');
    for (const [name, text] of files) {
      if (!name.endsWith('.html')) continue;
      expect(text, name).toContain('<link rel="stylesheet" href="site.css">');
      expect(text, name).not.toContain('<style');
      // The only inline script is the page's table, which runs nothing.
      const scripts = [...text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      if (name === 'index.html') expect(scripts, name).toEqual([]);
      else expect(scripts, name).toEqual([' type="application/json" id="chart"', ' src="player.js"']);
    }
  });

  it('plays the flows the signup modal runs inside it: the account step, verification, upgrade, checkout', () => {
    const text = renderSite().get('signup-modal.html') ?? '';
    const table = JSON.parse(
      (/<script type="application\/json" id="chart">(.*?)<\/script>/s.exec(text)?.[1] ?? '').replace(
        /\\u003c/g,
        '<',
      ),
    ) as PlayTable;
    // The state that runs each flow, and the flow's root as the page names it, from the machines.
    const runs: [string, string][] = [
      ['signupModal.open.auth', 'signupModal.open.auth/authStep'],
      ['signupModal.open.alreadyHavePlan', 'signupModal.open.alreadyHavePlan/upgrade'],
      ['signupModal.open.checkingOut', 'signupModal.open.checkingOut/checkout'],
      [
        'signupModal.open.auth/authStep.verifyingEmail',
        'signupModal.open.auth/authStep.verifyingEmail/emailVerification',
      ],
    ];
    for (const [runner, root] of runs) {
      expect(table.states[runner]?.runs, runner).toEqual([root]);
      expect(table.states[root]?.kind, root).toBe('compound');
      // Drawn where the player lights it: the box of each of the flow's states carries its id.
      expect(text).toContain(`data-state="${root}"`);
      expect(text).toContain(`<details class="flow" data-in="${runner}">`);
    }
    // Each state of the account step is there once, inside step 1, with its own pictures and events.
    const step = sitePage(statecharts.find((c) => c.slug === 'account-step') as (typeof statecharts)[number]);
    for (const id of Object.keys(step.states)) {
      const nested = table.states[`signupModal.open.auth/${id}`];
      expect(nested?.flow, id).toBe('Signup modal, step 1 (account)');
      expect(nested?.screens, id).toEqual(step.states[id]?.screens);
    }
    const signup = table.transitions.filter((t) => t.from === 'signupModal.open.auth/authStep.signup');
    expect(signup.map((t) => t.type)).toEqual(
      step.transitions.filter((t) => t.from === 'authStep.signup').map((t) => t.type),
    );
  });

  it("gives each page its chart's UI paths, every step reaching a state of the chart", () => {
    let steps = 0;
    for (const chart of statecharts) {
      const paths = sitePaths(chart);
      expect(paths.map((p) => p.id)).toEqual(
        uiPaths()
          .filter((p) => p.chart === chart.slug)
          .map((p) => p.id),
      );
      const ids = new Set(allNodes(chart.machine.root).map((n) => n.id));
      for (const path of paths) {
        expect(path.steps[0]?.event, path.id).toBeNull();
        for (const step of path.steps) {
          expect(ids.has(step.state), `${path.id}: ${step.state}`).toBe(true);
          steps++;
        }
      }
    }
    expect(steps).toBeGreaterThan(uiPaths().length);
  });

  it("has a page for every machine, the members' area's and the studio's with the rest", async () => {
    const files = [
      ...readdirSync(join(SITE_DIR, '..', '..', 'machines'), { recursive: true, encoding: 'utf8' }).map(
        (file) => join('machines', file),
      ),
      ...readdirSync(join(SITE_DIR, '..', '..', 'domain')).map((file) => join('domain', file)),
    ].filter((file) => file.endsWith('.machine.ts'));
    const ids = new Set<string>();
    for (const file of files) {
      const module = (await import(join(SITE_DIR, '..', '..', file))) as Record<string, unknown>;
      for (const value of Object.values(module))
        if (value instanceof StateMachine) ids.add((value as AnyStateMachine).id);
    }
    // Written from machines/: the library player is the members' area's, the last three the studio's.
    expect([...ids]).toEqual(
      expect.arrayContaining(['libraryPlayer', 'staffSignIn', 'studioRefund', 'catalogueEdit']),
    );
    const site = renderSite();
    for (const id of ids) {
      const chart = statecharts.find((c) => c.machine.id === id);
      expect(chart, `machine ${id} has no page: add it to machines/statecharts.ts`).toBeDefined();
      expect(site.get(`${chart?.slug}.html`), id).toContain(`"root":"${id}"`);
    }
  });
});
