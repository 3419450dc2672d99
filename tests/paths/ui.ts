// The vocabulary of the executor tables: what a member does (click, type, follow a link, wait) and
// what they must see, written once and carried out by two drivers, Testing Library over msw in
// components and Playwright against the real server in Chromium. Texts are catalogue keys resolved in
// the page's language, so one table serves English and Spanish.
import type { AnyEventObject, AnyStateMachine, EventFromLogic, SnapshotFrom, StateValueFrom } from 'xstate';

/** A text as the member reads it: a catalogue key (with its values) in the page's language. */
export interface Key {
  key: string;
  values?: Record<string, unknown>;
}

export type Role = 'button' | 'heading' | 'alert' | 'status' | 'dialog' | 'textbox' | 'link';

/** Something on screen, found as assistive technology finds it. */
export type Target =
  /**
   * `page`: looked for on the whole page, the nav included, even while the modal is open. `phone`:
   * shown only on a phone-sized screen (the nav's menu), so a path that presses it runs at 375 px in
   * Chromium.
   */
  | { role: Role; name?: Key; exact?: boolean; page?: boolean; phone?: boolean }
  /** The n-th plan card (a radio of the plans' radio group), from the first. */
  | { planCard: number }
  /** A control named by what it does rather than by its text, which the trainer's CMS may set. */
  | { testId: string }
  | { label: Key }
  /** A text anywhere on the page, the modal included (a page's own words, the member's name in the nav). */
  | { text: Key }
  /** Any of these: what differs with the screen's width (the member's name on a wide nav, its menu on a phone). */
  | { anyOf: Target[] };

/** What the member must see in a state, and what must not be there. */
export interface Sight {
  /** In plain words, for the path's description and the storyboard. */
  says: string;
  shows: Target[];
  hides?: Target[];
  /** Query parameters the address must no longer carry (an emailed link's, once the flows took them). */
  addressLacks?: string[];
  /** The page the app must be on (the studio's figures, once signed in). */
  at?: string;
}

/** The API calls the flows make that a path answers, and what the answer is. */
export type Call =
  | 'login'
  | 'register'
  | 'requestPasswordReset'
  | 'resendVerification'
  | 'refreshUser'
  | 'fetchUserByToken'
  | 'markEmailVerified'
  | 'startCheckout'
  | 'logout'
  /** The library player's read of a unit, and its mark done or not done. */
  | 'readUnit'
  | 'markUnit'
  /** The studio's: the refund's preview and refund, the catalogue's dry run, save and archive. */
  | 'previewRefund'
  | 'refundCharge'
  | 'checkChange'
  | 'saveItem'
  | 'archiveItem'
  /** The staff sign-in's server calls, and the browser's passkey prompts (`authenticate`, `register`). */
  | 'passkeyOptions'
  | 'authenticate'
  | 'verifyPasskey'
  | 'requestLink'
  | 'verifyLink'
  | 'readInvite'
  | 'inviteOptions'
  | 'register'
  | 'acceptInvite';

/** The kinds of member a path uses; each driver makes one of its own (a fixture, or a real account). */
export type MemberKind = 'verified' | 'unverified' | 'monthly' | 'quarterly' | 'annual';

/** 'a verified member', 'an unverified member', 'an annual member': the kind with its article. */
export const aMember = (kind: MemberKind) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} member`;

export type Outcome =
  /** `done`: a unit the server answers with as marked done (readUnit). */
  | { ok: true; member?: MemberKind; done?: boolean; body?: unknown }
  /** `refusal`: what a 403 of the members' content says besides its message (a reason, a date, a product). */
  | {
      ok: false;
      status: number;
      message: string;
      refusal?: Record<string, unknown>;
      /** The browser's passkey prompt ended in an error of that name (status 0: no server spoke). */
      browser?: string;
    }
  /** The request never gets an answer (the network failed). */
  | { ok: false; network: true };

export type Action =
  /** `ifShown`: pressed only when on screen at that moment (the modal's close button, if it is open). */
  | { click: Target; ifShown?: boolean }
  /** `$email` and `$password` stand for the path's member's credentials. */
  | { fill: Target; value: string }
  /** The call the previous action made is answered now. */
  | { answer: Call; outcome: Outcome }
  /** Time passes (a timed step of the chart). */
  | { wait: number }
  /**
   * The member moves to another address inside the app, as following a link of the app's does: the
   * app keeps running (a browser loading the address anew would start it again, so only the
   * components carry this out).
   */
  | { go: string }
  /** The member opens the modal (the first step of a path). */
  | { open: Opening };

/** How a member opens the modal: where, as whom, on which site, and what they press. */
export interface Opening {
  /** In plain words. */
  does: string;
  path: string;
  member: MemberKind | null;
  /** The site's enableEmailVerification setting. */
  verification: boolean;
  /** What the member presses; none when the address itself opens the modal. */
  press?: Target;
  /** An emailed verification link: the address carries a fresh token for the path's member. */
  link?: boolean;
  /** The address carries `verified=true` (the server verified the email before the page opened). */
  verifiedInAddress?: boolean;
  /** The trainer sells no annual plan (the membership's monthly and quarterly plans only). */
  noAnnualPlan?: boolean;
  /** The member chose the annual plan in the home page's pricing: the address carries it (`plan`). */
  choosesAnnualPlan?: boolean;
  /** A page of the trainer's studio, opened by that staff member (null: nobody signed in). */
  studio?: { staff: 'owner' | 'coach' | null };
}

/** One step of a path as the member carries it out. */
export interface UiStep {
  does: string;
  actions: Action[];
}

type Paths<V> = V extends string
  ? V
  : { [K in keyof V & string]: K | `${K}.${Paths<NonNullable<V[K]>>}` }[keyof V & string];

/** Every state of a machine, as a dotted path (`open.auth`). */
export type StatePath<M extends AnyStateMachine> = Paths<StateValueFrom<M>>;

/** For each event a member can cause, what they do; for each other event, why no member causes it. */
export type EventTable<M extends AnyStateMachine, Extra extends string = never> = Record<
  EventFromLogic<M>['type'] | Extra,
  | ((step: { event: AnyEventObject; before: SnapshotFrom<M> }) => UiStep)
  | { notThroughScreens: string }
  /** An event the machine passes to a child flow, whose own table carries it out. */
  | { childTable: string }
>;

/** For each state, what the member sees, or why nothing of its own shows (a state left at once). */
export type StateTable<M extends AnyStateMachine> = Record<
  StatePath<M>,
  ((snapshot: SnapshotFrom<M>) => Sight) | { passesAtOnce: string }
>;

export interface Executor<M extends AnyStateMachine> {
  machine: M;
  events: Record<string, EventTable<M, string>[string]>;
  states: Record<string, StateTable<M>[StatePath<M>]>;
}

export const key = (k: string, values?: Record<string, unknown>): Key =>
  values ? { key: k, values } : { key: k };
export const button = (k: string, values?: Record<string, unknown>): Target => ({
  role: 'button',
  name: key(k, values),
});
/** The step of an event one press causes: the member presses the button labelled `k`. */
export const presses = (does: string, k: string, values?: Record<string, unknown>) => (): UiStep => ({
  does,
  actions: [{ click: button(k, values) }],
});
/** The step of an event the server causes: it answers `call` so. */
export const answers = (does: string, call: Call, outcome: Outcome) => (): UiStep => ({
  does,
  actions: [{ answer: call, outcome }],
});
export const heading = (k: string): Target => ({ role: 'heading', name: key(k) });
export const alert = (k: string): Target => ({ role: 'alert', name: key(k) });
export const field = (k: string): Target => ({ label: key(k) });

/** The nav's menu (below the `sm` breakpoint only) and its Logout: outside the modal, which may be open. */
export const NAV_MENU: Target = { role: 'button', name: key('nav.menu'), page: true, phone: true };
export const NAV_LOGOUT: Target = { role: 'button', name: key('nav.logout'), page: true };

/**
 * Logging out from the nav's menu. On a phone the modal covers the nav, so a member who left it open
 * (it goes on to the plans after signing in) closes it first.
 */
export const LOG_OUT_FROM_MENU: Action[] = [
  { click: { role: 'button', name: key('signup.close') }, ifShown: true },
  { click: NAV_MENU },
  { click: NAV_LOGOUT },
];

/** A member signed in, as the nav shows it: their name on a wide screen, the menu on a phone. */
export const signedInNav = (name: string): Target => ({ anyOf: [{ text: key(name) }, NAV_MENU] });

/** Whether a path presses a control a phone-sized screen alone shows. */
export function pressesPhoneOnly(steps: { step: UiStep }[]): boolean {
  return steps.some(({ step }) =>
    step.actions.some((action) => 'click' in action && 'role' in action.click && action.click.phone === true),
  );
}

/** The deepest active state of a snapshot, as a dotted path. */
export function leafPath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [[name, inner] = []] = Object.entries(value as Record<string, unknown>);
  return name === undefined ? '' : `${name}.${leafPath(inner)}`;
}

/** The sight of a snapshot: the entry of its deepest state that is visible. */
export function sightOf<M extends AnyStateMachine>(
  executor: Executor<M>,
  snapshot: SnapshotFrom<M>,
): Sight | null {
  const path = leafPath((snapshot as { value: unknown }).value);
  const entry = executor.states[path];
  if (!entry) throw new Error(`no entry for state ${path} in the executor table`);
  return typeof entry === 'function' ? entry(snapshot) : null;
}
