// The storyboard of the statechart docs: for each chart, the states a member can see, each with a
// screenshot per variant taken by the browser paths (`npm run docs:screens`), and a few moments a
// state shows in more than one way (the email-verified view, a course, a refusal with its message).
import { inBrowser, openingOf, showsAt, type UiPath, uiPaths } from './catalog.ts';
import { heading, pressesPhoneOnly, type Target } from './ui.ts';

/** The screenshot variants: desktop in English, and a 375 px phone in Spanish. */
export const SCREEN_VARIANTS = ['desktop-en', 'mobile-es'] as const;
export type ScreenVariant = (typeof SCREEN_VARIANTS)[number];

export interface VisibleState {
  /** The state's path as the chart's states table writes it (`open.auth`). */
  state: string;
  /** What the member sees there, in plain words. */
  sees: string;
  /** A moment of the state's (see `MOMENTS`): its own screenshot beside the state's. */
  moment?: string;
  /** Only on a phone: the paths that show it press the nav's menu, which a desktop does not show. */
  phoneOnly?: boolean;
}

/** The variants a row of the storyboard has a screenshot in. */
export const variantsOf = (visible: VisibleState): readonly ScreenVariant[] =>
  visible.phoneOnly ? ['mobile-es'] : SCREEN_VARIANTS;

/** The screenshot of a state (or of one of its moments), relative to docs/statecharts. */
export function screenshotFile(slug: string, state: string, variant: ScreenVariant, moment?: string): string {
  return `screens/${slug}/${state}${moment ? `~${moment}` : ''}--${variant}.png`;
}

/** A way a state shows that the state's one screenshot does not: taken where a path first shows it. */
export interface Moment {
  chart: UiPath['chart'];
  state: string;
  /** Names its screenshot. */
  moment: string;
  /** In plain words, after the state's: the storyboard's row. */
  label: string;
  /** Whether step `index` of the path shows it. */
  shownBy: (path: UiPath, index: number) => boolean;
  /** What appears a moment after the step's own sight, to wait for before the screenshot. */
  waitFor?: Target;
}

/** Whether step `index` ends with the alert of a message (a catalogue key, or the server's words). */
const alertOf = (path: UiPath, index: number, message: string) =>
  path.steps[index]?.sight?.shows.some(
    (target) => 'role' in target && target.role === 'alert' && target.name?.key === message,
  ) ?? false;
const stateAt = (path: UiPath, index: number) => path.steps[index]?.state;

export const MOMENTS: Moment[] = [
  {
    chart: 'signup-modal',
    state: 'open.auth',
    moment: 'email-verified',
    label: 'the email-verified view, opened by a link carrying verified=true',
    shownBy: (path, index) =>
      stateAt(path, index) === 'open.auth' && openingOf(path)?.verifiedInAddress === true,
    waitFor: heading('signup.emailVerifiedHeading'),
  },
  {
    chart: 'signup-modal',
    state: 'open.challenge',
    moment: 'course',
    label: "a course's plans",
    shownBy: (path, index) =>
      stateAt(path, index) === 'open.challenge' && (openingOf(path)?.path.startsWith('/course/') ?? false),
  },
  {
    chart: 'signup-modal',
    state: 'open.subscription',
    moment: 'no-plan-chosen',
    label: "step 3's button pressed with no plan chosen",
    shownBy: (path, index) =>
      stateAt(path, index) === 'open.subscription' && alertOf(path, index, 'signup.pleaseSelectSubscription'),
  },
  {
    chart: 'account-step',
    state: 'login',
    moment: 'refused',
    label: "a login the server refuses, with the server's message",
    shownBy: (path, index) =>
      stateAt(path, index) === 'login' && alertOf(path, index, 'Invalid email or password'),
  },
];

/** The moments step `index` of the path shows. */
export function momentsAt(path: UiPath, index: number): Moment[] {
  return MOMENTS.filter((moment) => moment.chart === path.chart && moment.shownBy(path, index));
}

/** For each moment, the first path Chromium can replay that shows it, and where. */
export function momentPaths(): { moment: Moment; path: UiPath; index: number }[] {
  return MOMENTS.flatMap((moment) => {
    for (const path of uiPaths().filter(
      (candidate) => candidate.chart === moment.chart && inBrowser(candidate),
    ))
      for (const index of path.steps.keys())
        if (moment.shownBy(path, index)) return [{ moment, path, index }];
    return [];
  });
}

/**
 * The visible states of each chart with an executor table, by the chart's slug (see
 * machines/statecharts.ts), in the order the UI paths first show them, each followed by its moments;
 * what the member sees is the table's words. The flows a chart embeds (email verification, upgrade,
 * checkout) show inside its states, so their screens are in the embedding chart's storyboard. Only
 * the paths Chromium can replay count: the screenshots are taken there.
 */
export function storyboard(): Record<string, VisibleState[]> {
  const board: Record<string, VisibleState[]> = {};
  // The paths a desktop can replay first, so a state they show has its screenshot in both variants.
  const runnable = uiPaths().filter(inBrowser);
  const phone = (path: UiPath) => pressesPhoneOnly(path.steps);
  for (const path of [...runnable.filter((path) => !phone(path)), ...runnable.filter(phone)]) {
    const states = board[path.chart] ?? [];
    board[path.chart] = states;
    for (const [index, step] of path.steps.entries()) {
      // Only what a screenshot can show: not a state the next step leaves at once.
      if (!step.sight || !showsAt(path, index) || states.some((known) => known.state === step.state))
        continue;
      states.push({ state: step.state, sees: step.sight.says, ...(phone(path) ? { phoneOnly: true } : {}) });
    }
  }
  for (const { moment, path, index } of momentPaths()) {
    const states = board[moment.chart] ?? [];
    const at = states.findLastIndex((known) => known.state === moment.state);
    const sees = `${moment.label}: ${path.steps[index]?.sight?.says ?? ''}`;
    states.splice(at + 1, 0, { state: moment.state, sees, moment: moment.moment });
  }
  return board;
}
