// Every state of every chart has a picture (its own, or the one of the screen that shows it) or a
// written reason, and a way in (the chart's start, an arrow, or a flow named as reaching it): a state
// added without them fails here, before the docs site shows it bare.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { type Statechart, statecharts } from '../../../machines/statecharts.ts';
import { sitePage } from '../../../scripts/docs-site.ts';
import {
  NO_PICTURE,
  NO_SCREEN_CHARTS,
  pictureCover,
  REACHED_FROM,
  SHOWN_AS,
  storyboardRow,
  unpictured,
} from '../../paths/picture-cover.ts';
import { storyboard } from '../../paths/storyboard.ts';
import { JOURNEY_PICTURES } from '../../paths/storyboard-journeys.ts';

const slugs = statecharts.map((chart) => chart.slug);

describe('the pictures of the charts', () => {
  // The UI paths the storyboard is read from are generated once, the first time: slow on a busy machine.
  beforeAll(() => {
    storyboard();
  }, 120_000);

  it('picture or explain every state of every chart', () => {
    const bare = slugs.flatMap((slug) => unpictured(slug).map((state) => `${slug} ${state}`));
    expect(
      bare,
      'States with no picture and no reason: take their picture (tests/paths/storyboard*.ts, `npm run docs:screens`) or write why no screen shows them (tests/paths/picture-cover.ts)',
    ).toEqual([]);
  });

  it('fails on a state added with neither a picture nor a reason', () => {
    const grown = createMachine({
      id: 'session',
      initial: 'restoring',
      states: { restoring: {}, restored: {}, somewhereNew: {} },
    });
    expect(unpictured('session', grown.root)).toEqual(['somewhereNew']);
  });

  it('names only pictures the storyboard has, for states that have none of their own', () => {
    const board = storyboard();
    for (const [slug, states] of Object.entries(SHOWN_AS))
      for (const [state, shown] of Object.entries(states)) {
        expect(
          storyboardRow(shown),
          `${slug} ${state} is shown as a picture the storyboard lacks`,
        ).toBeDefined();
        expect(
          (board[slug] ?? []).some((row) => row.state === state),
          `${slug} ${state} has its own picture now: drop it from SHOWN_AS`,
        ).toBe(false);
      }
  });

  it('gives reasons only for states of the charts that neither have nor borrow a picture', () => {
    for (const [slug, states] of Object.entries(NO_PICTURE)) {
      const cover = pictureCover(slug);
      for (const state of Object.keys(states))
        expect(
          cover.find((entry) => entry.state === state),
          `${slug} ${state}: a reason for a state the chart lacks, or one that has a picture`,
        ).toMatchObject({ noPicture: states[state] });
    }
    for (const slug of Object.keys(NO_SCREEN_CHARTS)) expect(slugs).toContain(slug);
  });

  it('takes each journey picture in the journey that lists it', () => {
    for (const { chart, state, journey } of JOURNEY_PICTURES)
      expect(readFileSync(`tests/e2e/${journey}`, 'utf8'), `${chart} ${state} in ${journey}`).toContain(
        `storyboardPicture(page, '${chart}', '${state}')`,
      );
  });

  it('gives every state a way in, or names the flow that reaches it', () => {
    for (const chart of statecharts)
      expect(
        wayInGaps(chart),
        `${chart.slug}: states no arrow enters that no flow is named as reaching`,
      ).toEqual([]);
  });

  it('fails on a state added that nothing enters', () => {
    const machine = createMachine({
      id: 'upgrade',
      initial: 'deciding',
      states: { deciding: { on: { GO: 'done' } }, done: {}, stranded: {} },
    });
    expect(wayInGaps({ slug: 'upgrade', title: 'Upgrade', source: '', machine })).toEqual(['stranded']);
  });
});

/** The states no arrow of the chart enters and no flow is named as reaching, and names left over. */
function wayInGaps(chart: Statechart): string[] {
  const named = REACHED_FROM[chart.slug] ?? {};
  const fromElsewhere = Object.values(sitePage(chart).states)
    .filter((state) => state.wayIn === 'another flow')
    .map((state) => state.id.split('.').slice(1).join('.'));
  return [
    ...fromElsewhere.filter((state) => !named[state]),
    ...Object.keys(named)
      .filter((state) => !fromElsewhere.includes(state))
      .map((state) => `${state} (named as reached from another flow, but an arrow enters it)`),
  ];
}
