// The UI paths: generated from the statecharts with the events the screens can send, each with a
// short id, its steps as a member carries them out (the executor tables), and what the member must
// see after each step. The components replay every one; Chromium replays a chosen few (see
// `browserPaths`); `npm run qa:paths` lists them all in docs/qa/paths.md.
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { Coverage, type ModelPath, modelPaths, replay } from '../machine/model.ts';
import { accountStateKey, modalStateKey } from '../machine/signup-modal/state-keys.ts';
import {
  ACCOUNT_OPENINGS,
  accountInput,
  accountSamples,
  accountStepExecutor,
} from './executors/account-step.ts';
import { ADDRESS_OPENINGS, addressExecutor, addressSamples } from './executors/address.ts';
import { catalogueEditExecutor, catalogueEditSamples, EDIT_OPENINGS } from './executors/catalogue-edit.ts';
import {
  LIBRARY_INPUT,
  LIBRARY_OPENING,
  libraryPlayerExecutor,
  libraryPlayerSamples,
} from './executors/library-player.ts';
import { sessionExecutor, sessionSamples } from './executors/session.ts';
import { modalSamples, signupModalExecutor } from './executors/signup-modal.ts';
import { SIGN_IN_OPENINGS, staffSignInExecutor, staffSignInSamples } from './executors/staff-sign-in.ts';
import {
  REFUND_INPUT,
  REFUND_OPENING,
  studioRefundExecutor,
  studioRefundSamples,
} from './executors/studio-refund.ts';
import { assertUniqueIds, canonicalEvent, canonicalPath, pathId } from './ids.ts';
import {
  type Call,
  leafPath,
  type Opening,
  pressesPhoneOnly,
  type Sight,
  sightOf,
  type UiStep,
} from './ui.ts';

export interface UiPathStep {
  /** The chart's event, as the model sends it. */
  event: AnyEventObject;
  /** The deepest state the step leads to. */
  state: string;
  /** What the member does (nothing for the path's start). */
  step: UiStep;
  /** What the member must see afterwards (null: the state passes at once). */
  sight: Sight | null;
}

export interface UiPath {
  /**
   * The chart's letter and a hash of the path's opening and events (`M-7K3QF`): it changes only when
   * the path's own steps do (tests/paths/ids.ts).
   */
  id: string;
  /** The chart's docs slug. */
  chart:
    | 'signup-modal'
    | 'account-step'
    | 'address'
    | 'session'
    | 'library-player'
    | 'staff-sign-in'
    | 'studio-refund'
    | 'catalogue-edit';
  /** How the modal is opened, when the path starts with the modal already open. */
  opening: Opening | null;
  modalType: 'signup' | 'login';
  steps: UiPathStep[];
  /** The model path, for replaying on the machine itself (coverage). */
  model: ModelPath;
  input: unknown;
}

interface Chart {
  chart: UiPath['chart'];
  prefix: string;
  executor: { machine: AnyStateMachine; events: Record<string, unknown>; states: Record<string, unknown> };
  variants: { opening: Opening | null; modalType: 'signup' | 'login'; input: unknown }[];
  samples: Parameters<typeof modelPaths>[1]['samples'];
  stateKey?: (snapshot: never) => unknown;
  /**
   * Why Chromium replays none of the chart's paths, if it does not: the browser journeys walk its
   * screens against the real server instead.
   */
  notInBrowser?: string;
}

/**
 * Why Chromium replays none of the studio's paths (decision 175): the studio's browser journeys
 * (tests/e2e/studio.spec.ts) walk its screens against the real server with real passkeys (a virtual
 * authenticator), an owner invited by the operator and a coach refused; the paths' held answers (a
 * charge changed between two presses, a lost answer) are what a real server does not do on cue.
 */
const STUDIO_NOT_IN_BROWSER =
  "The studio's browser journeys (tests/e2e/studio.spec.ts) walk its screens against the real server with a virtual authenticator; the paths hold answers a real server does not give on cue (a charge changed between two presses, a lost answer), so they replay in the components (`npm run qa:path` runs them there).";

const CHARTS: Chart[] = [
  {
    chart: 'signup-modal',
    prefix: 'M',
    executor: signupModalExecutor,
    variants: [{ opening: null, modalType: 'signup', input: undefined }],
    samples: modalSamples() as Chart['samples'],
    stateKey: modalStateKey as Chart['stateKey'],
  },
  {
    chart: 'account-step',
    prefix: 'A',
    executor: accountStepExecutor,
    variants: ACCOUNT_OPENINGS.map((entry) => ({
      opening: entry.opening,
      modalType: entry.modalType,
      input: accountInput(entry),
    })),
    samples: accountSamples() as Chart['samples'],
    stateKey: accountStateKey as Chart['stateKey'],
  },
  {
    chart: 'address',
    prefix: 'D',
    executor: addressExecutor,
    variants: ADDRESS_OPENINGS.map(({ opening, input }) => ({
      opening,
      modalType: 'signup' as const,
      input,
    })),
    samples: addressSamples() as Chart['samples'],
  },
  {
    chart: 'session',
    prefix: 'S',
    executor: sessionExecutor,
    variants: [{ opening: null, modalType: 'signup', input: undefined }],
    samples: sessionSamples() as Chart['samples'],
  },
  {
    chart: 'library-player',
    prefix: 'L',
    executor: libraryPlayerExecutor,
    variants: [{ opening: LIBRARY_OPENING, modalType: 'signup', input: LIBRARY_INPUT }],
    samples: libraryPlayerSamples() as Chart['samples'],
    notInBrowser:
      "The browser journeys (tests/e2e/library*.spec.ts) walk the player's screens against the real server, with a member who really paid, a test clock moved and a refund made in the portal; held answers would stand in for what they show.",
  },
  {
    chart: 'staff-sign-in',
    prefix: 'G',
    executor: staffSignInExecutor,
    variants: SIGN_IN_OPENINGS.map(({ opening, input }) => ({
      opening,
      modalType: 'signup' as const,
      input,
    })),
    samples: staffSignInSamples() as Chart['samples'],
    notInBrowser: STUDIO_NOT_IN_BROWSER,
  },
  {
    chart: 'studio-refund',
    prefix: 'R',
    executor: studioRefundExecutor,
    variants: [{ opening: REFUND_OPENING, modalType: 'signup', input: REFUND_INPUT }],
    samples: studioRefundSamples() as Chart['samples'],
    notInBrowser: STUDIO_NOT_IN_BROWSER,
  },
  {
    chart: 'catalogue-edit',
    prefix: 'C',
    executor: catalogueEditExecutor,
    variants: EDIT_OPENINGS.map(({ opening, input }) => ({ opening, modalType: 'signup' as const, input })),
    samples: catalogueEditSamples() as Chart['samples'],
    notInBrowser: STUDIO_NOT_IN_BROWSER,
  },
];

/** Whether a path opens a page of the trainer's studio (its own site, its own driver). */
export const inStudio = (path: Pick<UiPath, 'chart'>): boolean =>
  path.chart === 'staff-sign-in' || path.chart === 'studio-refund' || path.chart === 'catalogue-edit';

function stepOf(executor: Chart['executor'], event: AnyEventObject, before: unknown): UiStep {
  const entry = executor.events[event.type];
  if (!entry) throw new Error(`no executor for ${event.type}`);
  if (typeof entry !== 'function')
    throw new Error(`${event.type} is not sent through the screens: ${JSON.stringify(entry)}`);
  return (entry as (step: { event: AnyEventObject; before: unknown }) => UiStep)({ event, before });
}

function uiPathsOf(chart: Chart): UiPath[] {
  const paths: UiPath[] = [];
  for (const variant of chart.variants) {
    const generated = modelPaths(chart.executor.machine, {
      samples: chart.samples,
      stateKey: chart.stateKey as ((snapshot: unknown) => unknown) | undefined,
      input: variant.input,
      // Every way the screens send an event is carried out once, even when the machine takes two
      // alike (a quarterly member and a monthly one, a checkout that fails quietly and one that starts).
      everySample: canonicalEvent,
    });
    for (const model of generated) {
      const steps = model.steps.map((step, index): UiPathStep => {
        const before = model.steps[index - 1]?.state;
        return {
          event: step.event,
          state: leafPath(step.state.value),
          step:
            index === 0
              ? {
                  does: variant.opening?.does ?? 'starts',
                  actions: variant.opening ? [{ open: variant.opening }] : [],
                }
              : stepOf(chart.executor, step.event, before),
          sight: sightOf(chart.executor as never, step.state as never),
        };
      });
      const events = model.steps.slice(1).map((step) => step.event);
      paths.push({
        id: pathId(chart.prefix, canonicalPath(variant.opening, variant.modalType, events)),
        chart: chart.chart,
        opening: variant.opening,
        modalType: variant.modalType,
        steps,
        model,
        input: variant.input,
      });
    }
  }
  return paths;
}

let cached: UiPath[] | undefined;

/** Every UI path of every chart, in the order they are generated (the browser's choice depends on it). */
export function uiPaths(): UiPath[] {
  if (!cached) {
    const all = CHARTS.flatMap(uiPathsOf);
    assertUniqueIds(
      all.map((path) => ({
        id: path.id,
        canonical: canonicalPath(
          path.opening,
          path.modalType,
          path.steps.slice(1).map((step) => step.event),
        ),
      })),
    );
    cached = all;
  }
  return cached;
}

/** A path in plain words: each step, then what the member sees. */
export function describePath(path: UiPath): string {
  return path.steps
    .filter((step, index) => index > 0 || step.step.actions.length > 0)
    .map((step) => `${step.step.does}${step.sight ? ` → sees ${step.sight.says}` : ''}`)
    .join(' → ');
}

/**
 * The states and transitions the given paths take, on the machine itself: the paths that passed
 * through the screens are replayed on their chart to count what they reached.
 */
export async function coverageOf(chart: UiPath['chart'], passed: UiPath[]): Promise<Coverage> {
  const { executor } = CHARTS.find((c) => c.chart === chart) as Chart;
  const coverage = new Coverage(executor.machine);
  for (const path of passed)
    await replay(executor.machine, path.model, { input: path.input, visited: coverage });
  return coverage;
}

/** What no screen can cause, per chart, with the table's reason: left out of the coverage check. */
export function notThroughScreens(chart: UiPath['chart']): { event: string; reason: string }[] {
  const { executor } = CHARTS.find((c) => c.chart === chart) as Chart;
  return Object.entries(executor.events).flatMap(([event, entry]) =>
    typeof entry === 'object' && entry && 'notThroughScreens' in entry
      ? [{ event, reason: String(entry.notThroughScreens) }]
      : [],
  );
}

/** Whether a page shows step `index`'s state: something has opened, and the next step does not leave it at once. */
export function showsAt(path: UiPath, index: number): boolean {
  const next = path.steps[index + 1];
  const started = path.steps.slice(0, index + 1).some((earlier) => earlier.step.actions.length > 0);
  return started && !(next !== undefined && next.step.actions.length === 0);
}

/**
 * The calls held from the start of step `index`: those it answers, and those the next step answers
 * first thing, so the screen waiting for them can be checked.
 */
export function callsHeldFrom(path: UiPath, index: number): Call[] {
  const answered = (actions: UiStep['actions']) =>
    actions.flatMap((action) => ('answer' in action ? [action.answer] : []));
  const next = path.steps[index + 1];
  const step = path.steps[index];
  return [
    ...(step ? answered(step.step.actions) : []),
    ...(next && 'answer' in (next.step.actions[0] ?? {}) ? answered(next.step.actions) : []),
  ];
}

/** How the path opens the modal: its own opening, or the one its first step carries out. */
export function openingOf(path: UiPath): Opening | null {
  for (const step of path.steps)
    for (const action of step.step.actions) if ('open' in action) return action.open;
  return path.opening;
}

/**
 * The screens a path shows, each after a step of the member's (the storyboard's screenshots are
 * taken there), as a state and what it offers: not the start before anything opened, nor a state the
 * next step leaves at once.
 */
export function shownStates(path: UiPath): string[] {
  return path.steps.flatMap((step, index) => {
    if (!step.sight || !showsAt(path, index)) return [];
    // What the screen offers, apart from its message: an upgrade offer and a lone Continue differ.
    const offers = step.sight.shows.filter((target) => !('role' in target && target.role === 'alert'));
    return [`shows ${step.state} ${JSON.stringify(offers)}`];
  });
}

/**
 * Whether the browser driver can carry out the path against the real server (tests/e2e/paths): every
 * path but those where the member moves to another address inside the app (`go`), which a browser
 * can only do by loading the page anew, starting the app again from that address, and those of a
 * chart the browser journeys walk instead (`notInBrowser`).
 */
export function inBrowser(path: UiPath): boolean {
  if (CHARTS.find((chart) => chart.chart === path.chart)?.notInBrowser) return false;
  return !path.steps.some((step) => step.step.actions.some((action) => 'go' in action));
}

/**
 * The kinds of member a path opens with or signs in as, each a real account of that kind in Chromium,
 * and the site without an annual plan, a site of its own there.
 */
function worldMet(path: UiPath): string[] {
  const signedIn = path.steps.flatMap((step) =>
    step.step.actions.flatMap((action) =>
      'answer' in action && action.outcome.ok && action.outcome.member ? [action.outcome.member] : [],
    ),
  );
  const opening = openingOf(path);
  const members = [...(opening?.member ? [opening.member] : []), ...signedIn].map((kind) => `member ${kind}`);
  return [...members, ...(opening?.noAnnualPlan ? ['no annual plan on sale'] : [])];
}

/**
 * The paths Chromium replays: for each chart, the fewest paths (chosen greedily, shortest first among
 * equals) that together reach every state and show every visible one, and with
 * `cover: 'transitions'` (a desktop screen) also take every transition, meet every kind of member and
 * open on every site (a quarterly subscriber and a trainer without an annual plan are real data of
 * their own there), that the whole set of paths does.
 * A path that presses a control only a phone shows (the nav's menu) runs on the phone alone, where
 * `cover: 'states'` also takes the transitions only such paths take.
 * `cover: 'screens'` (a desktop screen in `npm test`, decision 180) reaches every state and shows every
 * screen the paths a desktop can replay do, and takes no transition for its own sake: the jsdom paths
 * take every transition in every run, the `transitions` cover in Chromium with `npm run test:ui-paths`.
 */
export type BrowserCover = 'screens' | 'states' | 'transitions';

export async function browserPaths(cover: BrowserCover): Promise<UiPath[]> {
  // The choice replays every path on its chart's machine, and the catalogue, the tags and the coverage
  // tests ask for it several times over the same paths (uiPaths() is computed once): once per process.
  let choice = chosenByCover.get(cover);
  if (!choice) {
    choice = choosePaths(cover);
    chosenByCover.set(cover, choice);
  }
  return [...(await choice)];
}

const chosenByCover = new Map<BrowserCover, Promise<UiPath[]>>();
/** Each path replayed alone, once for both choices. */
const coverageByPath = new WeakMap<UiPath, Promise<Coverage>>();

function pathCoverage(chart: UiPath['chart'], path: UiPath): Promise<Coverage> {
  let coverage = coverageByPath.get(path);
  if (!coverage) {
    coverage = coverageOf(chart, [path]);
    coverageByPath.set(path, coverage);
  }
  return coverage;
}

async function choosePaths(cover: BrowserCover): Promise<UiPath[]> {
  const chosen: UiPath[] = [];
  for (const { chart } of CHARTS) {
    const runnable = uiPaths().filter((path) => path.chart === chart && inBrowser(path));
    const wide = runnable.filter((path) => !pressesPhoneOnly(path.steps));
    // Only the phone's choice asks what the desktop's paths already take.
    const onDesktop = new Set(cover === 'states' ? (await coverageOf(chart, wide)).visitedTransitions : []);
    const candidates = await Promise.all(
      (cover === 'states' ? runnable : wide).map(async (path) => {
        const coverage = await pathCoverage(chart, path);
        const transitions = [...coverage.visitedTransitions].filter(
          (transition) => cover === 'transitions' || (cover === 'states' && !onDesktop.has(transition)),
        );
        const world = cover === 'states' ? [] : worldMet(path);
        return {
          path,
          reaches: new Set([...coverage.visitedStates, ...transitions, ...shownStates(path), ...world]),
        };
      }),
    );
    const reached = new Set<string>();
    for (;;) {
      const gain = (reaches: Set<string>) => [...reaches].filter((item) => !reached.has(item)).length;
      const [best] = candidates
        .filter((candidate) => gain(candidate.reaches) > 0)
        .sort((a, b) => gain(b.reaches) - gain(a.reaches) || a.path.steps.length - b.path.steps.length);
      if (!best) break;
      for (const item of best.reaches) reached.add(item);
      chosen.push(best.path);
    }
  }
  return chosen.sort((a, b) => a.id.localeCompare(b.id));
}
