// Every state of every chart has a picture in the storyboard, or the picture of the screen that shows
// it (a flow the modal runs shows inside the modal's screens), or a written reason why no screen
// shows it; and a way in: the chart's start, an arrow, or the flow that reaches it, named here. The
// docs site shows the picture or the reason beside the state, and a unit test
// (tests/unit/paths/picture-cover.test.ts) fails on a state that has neither.
import type { AnyStateNode } from 'xstate';
import { statecharts } from '../../machines/statecharts.ts';
import { storyboard, type VisibleState } from './storyboard.ts';

/** A picture of another chart's storyboard (or of this chart's) that shows the state. */
export interface ShownAs {
  chart: string;
  state: string;
  moment?: string;
}

const modal = (state: string, moment?: string): ShownAs => ({
  chart: 'signup-modal',
  state,
  ...(moment ? { moment } : {}),
});
const accountStep = (state: string, moment?: string): ShownAs => ({
  chart: 'account-step',
  state,
  ...(moment ? { moment } : {}),
});

/** The states whose screen is one the storyboard has a picture of, under another state's name. */
export const SHOWN_AS: Record<string, Record<string, ShownAs>> = {
  'modal-opening': { opened: modal('open.auth'), failed: modal('hidden') },
  'account-step': { done: modal('open.subscription') },
  'email-verification': {
    fetchingUser: accountStep('verifyingEmail'),
    markingVerified: accountStep('verifyingEmail'),
    verified: modal('open.auth', 'email-verified'),
    failed: accountStep('login', 'link-failed'),
    alreadyVerified: accountStep('login', 'already-verified'),
    skipped: modal('open.auth'),
  },
  upgrade: { offeringUpgrade: modal('open.alreadyHavePlan') },
  checkout: {
    blocked: modal('open.subscription', 'unverified'),
    starting: modal('open.checkingOut'),
    confirming: modal('open.checkingOut'),
  },
  'library-player': {
    markingDone: { chart: 'library-player', state: 'reading' },
    markingNotDone: { chart: 'library-player', state: 'done' },
  },
};

const AT_ONCE = 'Passes at once, before anything is drawn: the next state decides the screen.';
const WAITS = (what: string) =>
  `A wait for ${what}, over before a picture can be taken on cue: its screen only says it is waiting.`;
const COMPONENTS_ONLY = (what: string, id: string) =>
  `${what}: a real server does not do that on cue, so only the component paths show it (${id}, \`npm run qa:path -- ${id}\`).`;

/** Whole charts without a screen of their own. */
export const NO_SCREEN_CHARTS: Record<string, string> = {
  app: "The app's actor system: it wires the flows to one another and draws nothing; the screens are its flows'.",
  'subscription-lifecycle':
    "The server's record of a subscription, moved by the payment provider's events: no screen of its own (the member's profile and the studio say its status).",
};

/** The states no picture shows, each with the reason. */
export const NO_PICTURE: Record<string, Record<string, string>> = {
  session: {
    restoring: AT_ONCE,
    restored: AT_ONCE,
  },
  address: {
    deciding: AT_ONCE,
    openingModal:
      'Passes at once: the modal opening is the modal-opening flow, and its first screen the modal’s.',
    writingPlan: AT_ONCE,
  },
  'modal-opening': {
    'preparing.code.loading': WAITS("the modal's code"),
    'preparing.code.loaded': AT_ONCE,
    'preparing.offer.reading': WAITS('the offer'),
    'preparing.offer.read': AT_ONCE,
    waitingForMember: WAITS('the session to know the member'),
  },
  'signup-modal': { 'open.entering': AT_ONCE, 'open.routing': AT_ONCE },
  'account-step': { starting: AT_ONCE },
  'email-verification': {
    checkingLink: AT_ONCE,
    done: 'Ends the flow at once: the email-verified view stays (its picture is the verified state’s).',
  },
  upgrade: {
    deciding: AT_ONCE,
    offeringContinue:
      "An annual member's already-have-a-plan screen, with Continue only: no UI path of the modal opens it for an annual member yet.",
    done: 'Ends the flow at once: the modal goes on to the checkout.',
  },
  checkout: {
    checkingEmail: AT_ONCE,
    done: "The modal closes and the payment provider's hosted page opens: not a screen of the app's.",
  },
  confirmation: {
    reading: WAITS("the member's record"),
    waiting: WAITS('the next read'),
    checkingAgain: WAITS("the member's record"),
    notYet:
      'The reads ran out: the browser journeys pay on the sandbox, whose purchase always shows in time, so no journey reaches it.',
  },
  'library-player': {
    opening: WAITS('the unit'),
  },
  'staff-sign-in': {
    starting: AT_ONCE,
    askingOptions: WAITS('a challenge to sign'),
    authenticating:
      "The browser's own passkey prompt: the journeys' virtual authenticator answers it at once, and the prompt is the browser's, not the page's.",
    verifying: WAITS('the signed challenge to be checked'),
    requestingLink: WAITS('the link to be sent'),
    verifyingLink: WAITS("the link's token to be checked"),
    readingInvite: WAITS('the invite to be read'),
    askingRegistration: WAITS('the options of a new passkey'),
    registering:
      "The browser's own prompt to create a passkey, answered at once by the virtual authenticator.",
    accepting: WAITS('the account to be made'),
  },
  'studio-refund': {
    previewing: WAITS("the refund's preview"),
    refunding: WAITS('the refund'),
    changed: COMPONENTS_ONLY('A charge changed between the preview and the refund', 'R-4BWEJ'),
    failed: COMPONENTS_ONLY('No answer to the preview', 'R-C8PEV'),
    refused: COMPONENTS_ONLY(
      'A refund the server refuses (already refunded, more than was charged)',
      'R-M4YMQ',
    ),
  },
  'catalogue-edit': {
    checking: WAITS('the dry run'),
    saving: WAITS('the save'),
    archiving: WAITS('the archive'),
    refused: COMPONENTS_ONLY('A change the server refuses for good (a coach, not an owner)', 'C-48EAV'),
  },
};

/** The states no arrow of their chart enters, with the flow that reaches them. */
export const REACHED_FROM: Record<string, Record<string, string>> = {};

export type StateCover =
  | { state: string; pictures: VisibleState[] }
  | { state: string; shownAs: ShownAs & { sees: string } }
  | { state: string; noPicture: string }
  | { state: string; box: true };

/** The row of a chart's storyboard a picture names, if it has one. */
export function storyboardRow(shown: ShownAs): VisibleState | undefined {
  return (storyboard()[shown.chart] ?? []).find(
    (row) => row.state === shown.state && row.moment === shown.moment,
  );
}

const pathOf = (node: AnyStateNode) => node.path.join('.');
function rootOf(slug: string): AnyStateNode {
  const chart = statecharts.find((candidate) => candidate.slug === slug);
  if (!chart) throw new Error(`No chart ${slug}`);
  return chart.machine.root;
}
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(nodesOf),
];

/**
 * How each state of a chart is pictured: its own storyboard rows, another's picture, a reason, or,
 * for a box of states (its path '' for the chart's own), the pictures of the states inside it.
 */
export function pictureCover(slug: string, root: AnyStateNode = rootOf(slug)): StateCover[] {
  const rows = storyboard()[slug] ?? [];
  return nodesOf(root).flatMap((node): StateCover[] => {
    const state = pathOf(node);
    const pictures = rows.filter((row) => row.state === state);
    if (pictures.length > 0) return [{ state, pictures }];
    const shown = SHOWN_AS[slug]?.[state];
    const row = shown && storyboardRow(shown);
    if (shown && row) return [{ state, shownAs: { ...shown, sees: row.sees } }];
    const reason = NO_PICTURE[slug]?.[state] ?? NO_SCREEN_CHARTS[slug];
    if (reason) return [{ state, noPicture: reason }];
    if (node.type === 'compound' || node.type === 'parallel') return [{ state, box: true }];
    return [];
  });
}

/** The states of a chart that nothing pictures and nothing explains. */
export function unpictured(slug: string, root: AnyStateNode = rootOf(slug)): string[] {
  const covered = new Set(pictureCover(slug, root).map((cover) => cover.state));
  return nodesOf(root)
    .map(pathOf)
    .filter((state) => !covered.has(state));
}
