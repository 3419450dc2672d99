// The address machine's executor table: emailed links, members-only pages and a plan chosen on Home
// as a member meets them in the whole app (the address it opens, the session's answer to a link, the
// offered login, the menu's logout, the pricing's Choose button), and what the page shows after each
// step: the modal, the member in the nav, and what is left of the link in the address.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { addressMachine } from '../../../machines/address/address.machine.ts';
import type { AddressInput } from '../../../machines/address/address.types.ts';
import {
  answers,
  button,
  type EventTable,
  heading,
  key,
  LOG_OUT_FROM_MENU,
  type Opening,
  type StateTable,
  signedInNav,
  type Target,
} from '../ui.ts';
import { MEMBERS } from '../world.ts';

type Address = typeof addressMachine;
type AddressSnapshot = SnapshotFrom<Address>;
type ChildSettled =
  | 'xstate.done.actor.openSignupModal'
  | 'xstate.error.actor.openSignupModal'
  | 'xstate.done.actor.signInWithLink'
  | 'xstate.error.actor.signInWithLink'
  | 'xstate.done.actor.writePlan'
  | 'xstate.error.actor.writePlan';

/** The token an emailed link carries in the components' world (the dom driver answers it). */
const TOKEN = 'link-token';
/** A link the server refuses: unknown, used or expired. */
const LINK_REFUSED = { ok: false as const, status: 401, message: 'Invalid or expired link' };

const HOME = { path: '/', token: null, opensModal: false, needsMember: false };
/** The annual plan of the components' world, and its Choose button in Home's pricing. */
const ANNUAL = 'price_annual';
const CHOOSE_ANNUAL: Target = { testId: 'choose-plan-annually' };
/** Where a signed-in member is when an emailed link reaches them (a page no other path visits). */
const PROFILE_SUBSCRIPTION = '/profile/subscription';

/** The member's name in the nav: the sign that a member is signed in. */
const MEMBER_IN_NAV: Target = signedInNav(MEMBERS.verified().profile.name);
/** What a members-only page says to a visitor, outside the modal. */
const PLEASE_LOG_IN: Target = { text: key('auth.required') };
const LOGIN_FORM: Target = heading('signup.loginHeading');

/** Each address a path starts on, with the machine's input for it. */
export const ADDRESS_OPENINGS: { opening: Opening; input: AddressInput }[] = [
  {
    opening: { does: 'A visitor opens the home page', path: '/', member: null, verification: true },
    input: { address: HOME, signedIn: false },
  },
  {
    opening: {
      does: 'A visitor follows an emailed link carrying token and openModal=true',
      path: `/?openModal=true&token=${TOKEN}`,
      member: null,
      verification: true,
    },
    input: { address: { path: '/', token: TOKEN, opensModal: true, needsMember: false }, signedIn: false },
  },
  {
    opening: {
      does: 'A visitor follows a link carrying openModal=true and verified=true',
      path: '/?openModal=true&verified=true',
      member: null,
      verification: true,
    },
    input: { address: { path: '/', token: null, opensModal: true, needsMember: false }, signedIn: false },
  },
  {
    opening: {
      does: "A visitor follows an emailed link to the profile, carrying the link's token",
      path: `/profile?token=${TOKEN}`,
      member: null,
      verification: true,
    },
    input: {
      address: { path: '/profile', token: TOKEN, opensModal: false, needsMember: true },
      signedIn: false,
    },
  },
  {
    opening: { does: 'A visitor opens the profile page', path: '/profile', member: null, verification: true },
    input: {
      address: { path: '/profile', token: null, opensModal: false, needsMember: true },
      signedIn: false,
    },
  },
  {
    opening: {
      does: 'A signed-in member opens the subscription page of the profile',
      path: PROFILE_SUBSCRIPTION,
      member: 'verified',
      verification: true,
    },
    input: {
      address: { path: PROFILE_SUBSCRIPTION, token: null, opensModal: false, needsMember: true },
      signedIn: true,
    },
  },
  {
    opening: {
      does: 'A visitor opens a challenge page',
      path: '/challenge/shred',
      member: null,
      verification: true,
    },
    input: {
      address: { path: '/challenge/shred', token: null, opensModal: false, needsMember: false },
      signedIn: false,
    },
  },
  {
    opening: {
      does: 'A signed-in member opens the email-verified page',
      path: '/email-verified',
      member: 'verified',
      verification: true,
    },
    input: {
      address: { path: '/email-verified', token: null, opensModal: false, needsMember: true },
      signedIn: true,
    },
  },
];

export const addressEvents = {
  'address.changed': ({ event }) => {
    // A link followed while the app runs: the address changes with the app still there.
    if (event.opensModal) {
      const link = event.token ? `token=${TOKEN}` : 'verified=true';
      return {
        does: `follows a link to ${event.path} carrying openModal=true and ${event.token ? 'token' : 'verified=true'}`,
        actions: [{ go: `${event.path}?openModal=true&${link}` }],
      };
    }
    // Logout takes the member home at once, before the session has signed out: the address changes
    // first, then the member.
    return {
      does: 'logs out from the menu, and is taken home',
      actions: LOG_OUT_FROM_MENU,
    };
  },
  'member.changed': ({ event, before }) => {
    if (before.matches('signingInWithLink'))
      return {
        does: "the server answers the link's token with the member",
        actions: [{ answer: 'fetchUserByToken', outcome: { ok: true, member: 'verified' } }],
      };
    if (!event.signedIn) return { does: 'the session signs out', actions: [] };
    return {
      does: 'logs in on the offered login form',
      actions: [
        { fill: { label: key('signup.email') }, value: '$email' },
        { fill: { label: key('signup.password') }, value: '$password' },
        { click: button('signup.submitLogin') },
        { answer: 'login', outcome: { ok: true, member: 'verified' } },
      ],
    };
  },
  'xstate.done.actor.openSignupModal': () => ({ does: 'the modal opens on the link', actions: [] }),
  'xstate.error.actor.openSignupModal': {
    notThroughScreens: "The modal's code failing to load: no screen causes it.",
  },
  'xstate.done.actor.signInWithLink': () => ({ does: 'the link has signed the member in', actions: [] }),
  'plan.chosen': () => ({
    does: "chooses the annual plan in the home page's pricing",
    actions: [{ click: CHOOSE_ANNUAL }],
  }),
  'xstate.done.actor.writePlan': () => ({ does: 'the address has the plan', actions: [] }),
  'xstate.error.actor.writePlan': {
    notThroughScreens: 'The router failing to take the plan: no screen causes it.',
  },
  'xstate.error.actor.signInWithLink': answers(
    `the server refuses the link ('${LINK_REFUSED.message}')`,
    'fetchUserByToken',
    LINK_REFUSED,
  ),
} satisfies EventTable<Address, ChildSettled>;

/** What the page shows for who is signed in, and whether the login was offered. */
function pageOf(snapshot: AddressSnapshot, says: string) {
  const { signedIn, askedToLogIn, address } = snapshot.context;
  if (signedIn) return { says: `${says}, the member signed in`, shows: [MEMBER_IN_NAV], hides: [LOGIN_FORM] };
  if (address.needsMember && askedToLogIn)
    return { says: `${says}, offering the login modal`, shows: [PLEASE_LOG_IN, LOGIN_FORM] };
  return { says, shows: [], hides: [MEMBER_IN_NAV] };
}

export const addressStates = {
  deciding: { passesAtOnce: 'Decides at once what the address and the member call for.' },
  openingModal: () => ({ says: 'the modal opening on the link', shows: [] }),
  signingInWithLink: () => ({
    says: "the link's token signing the member in, gone from the address",
    shows: [],
    addressLacks: ['token'],
  }),
  writingPlan: () => ({ says: 'the chosen plan going into the address', shows: [] }),
  watching: (snapshot) => ({
    ...pageOf(snapshot, 'the page, no link parameter left in its address'),
    addressLacks: ['token', 'openModal', 'verified'],
  }),
} satisfies StateTable<Address>;

/**
 * The events the app sends in a state, in the order the screens make them: the session reports the
 * member a link signed in before the link's sign-in ends, and only a visitor offered the login logs
 * in through it.
 */
export function addressSamples(): Record<
  string,
  AnyEventObject[] | ((snapshot: AddressSnapshot) => AnyEventObject[])
> {
  return {
    // The menu offers logout outside the profile area only, and logout goes home. A member on the
    // profile's subscription page follows an emailed link that opens the modal; a visitor on a
    // challenge page follows a link saying the email was verified (the server's redirect after
    // verifying).
    'address.changed': (s) => {
      if (!s.matches('watching')) return [];
      const { signedIn, address } = s.context;
      if (address.path === PROFILE_SUBSCRIPTION && signedIn)
        return [{ type: 'address.changed', path: '/', token: TOKEN, opensModal: true, needsMember: false }];
      if (address.path.startsWith('/challenge/') && !address.opensModal)
        return [
          { type: 'address.changed', path: address.path, token: null, opensModal: true, needsMember: false },
        ];
      return signedIn && !address.path.startsWith('/profile') ? [{ type: 'address.changed', ...HOME }] : [];
    },
    'member.changed': (s) => {
      const { signedIn, askedToLogIn, address } = s.context;
      if (s.matches('signingInWithLink')) return signedIn ? [] : [{ type: 'member.changed', signedIn: true }];
      // The session signs out once logout has taken the member home.
      const home = address.path === HOME.path && address.token === null && !address.opensModal;
      if (signedIn) return home ? [{ type: 'member.changed', signedIn: false }] : [];
      return askedToLogIn ? [{ type: 'member.changed', signedIn: true }] : [];
    },
    'xstate.done.actor.signInWithLink': (s) =>
      s.context.signedIn ? [{ type: 'xstate.done.actor.signInWithLink' }] : [],
    'xstate.error.actor.signInWithLink': (s) =>
      s.context.signedIn
        ? []
        : [{ type: 'xstate.error.actor.signInWithLink', error: new Error(LINK_REFUSED.message) }],
    'xstate.error.actor.openSignupModal': [],
    // A visitor on the home page, nothing of a link left in the address, chooses a plan there.
    'plan.chosen': (s) => {
      const { signedIn, address } = s.context;
      const home = address.path === HOME.path && address.token === null && !address.opensModal;
      return home && !signedIn ? [{ type: 'plan.chosen', plan: ANNUAL }] : [];
    },
    'xstate.error.actor.writePlan': [],
  };
}

export const addressExecutor = { machine: addressMachine, events: addressEvents, states: addressStates };
