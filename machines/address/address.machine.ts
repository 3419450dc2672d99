/**
 * What the address asks of the flows: emailed links, and pages that are for members only.
 *
 * Lifecycle: every change of address and of the signed-in member is decided on at once. A link with
 * `openModal=true` or `verified=true` opens the signup modal, which reads the link's token and flags
 * from the address as it opens; only then are they removed from the address. On a members-only page
 * (the profile area, /email-verified) a link's `token` is removed from the address and the session
 * signs in with it; a visitor without one, or whose link is refused, is offered the login modal, once
 * per visit to that area. A plan chosen from Home's prices is written into the address (`?plan=`)
 * and, once the address has it, the signup modal is asked for: the modal reads the plan from the
 * address as it opens, and the plan stays there for the emailed link and a later login.
 *
 * Why it is shaped so: these rules used to live in two components' effects, where they could be
 * neither drawn nor tested path by path. The app sends the address and the member; the machine
 * names the effects, and the app provides them.
 */
import { type AnyActorLogic, and, assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { notProvided } from '../not-provided.ts';
import type { AddressContext, AddressEvent, AddressInput } from './address.types.ts';

export const addressMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as AddressContext,
    events: {} as AddressEvent,
    input: {} as AddressInput,
  },
  actors: {
    // The app opens the modal with an opening of its own (a machine: machines/modal-opening); any
    // logic that ends when the modal is open will do (a test's promise).
    openSignupModal: fromPromise<void>(async () => notProvided('openSignupModal')) as AnyActorLogic,
    signInWithLink: fromPromise<void, { token: string }>(async () => notProvided('signInWithLink')),
    writePlan: fromPromise<void, { plan: string }>(async () => notProvided('writePlan')),
  },
  actions: {
    removeLinkParams: () => {},
    openLoginModal: () => {},
    openSignupModalOnPlan: () => {},
    /** The address as reported; leaving the members-only area forgets that login was offered. */
    takeAddress: assign(({ context, event }) => {
      assertEvent(event, 'address.changed');
      return { address: addressOf(event), askedToLogIn: event.needsMember ? context.askedToLogIn : false };
    }),
    /** The member as reported, nothing else changed. */
    takeMember: assign(({ event }) => {
      assertEvent(event, 'member.changed');
      return { signedIn: event.signedIn };
    }),
  },
  guards: {
    linkOpensModal: ({ context }) => context.address.opensModal,
    linkCarriesToken: ({ context }) => context.address.needsMember && context.address.token !== null,
    visitorOnMembersPage: ({ context }) => context.address.needsMember && !context.signedIn,
    alreadyAsked: ({ context }) => context.askedToLogIn,
  },
}).createMachine({
  id: 'address',
  description:
    'Emailed links open the modal or sign the member in; members-only pages ask a visitor to log in; a plan chosen on Home goes into the address, then the modal opens on it.',
  meta: {
    guards: {
      linkOpensModal: 'The address has openModal=true or verified=true.',
      linkCarriesToken: 'A members-only page was opened with a token from an emailed link.',
      visitorOnMembersPage: 'A members-only page, and no member is signed in.',
      alreadyAsked: 'The login modal was already offered on this members-only area.',
    },
    delays: {},
  },
  context: ({ input }) => ({ ...input, askedToLogIn: false }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Decides what the current address and member call for.',
      always: [
        { guard: 'linkOpensModal', target: 'openingModal', description: 'An emailed link opens the modal.' },
        {
          guard: 'linkCarriesToken',
          target: 'signingInWithLink',
          description: "The link's token goes to the session and leaves the address.",
        },
        {
          guard: and(['visitorOnMembersPage', not('alreadyAsked')]),
          // Stryker disable next-line StringLiteral: without a target the choice runs again, and having asked it ends in watching.
          target: 'watching',
          description: 'A visitor on a members-only page is offered the login modal.',
          actions: ['openLoginModal', assign({ askedToLogIn: true })],
        },
        { target: 'watching', description: 'Nothing to do.' },
      ],
    },
    openingModal: {
      description: 'The signup modal opens, reading the link from the address; then the link leaves it.',
      invoke: {
        id: 'openSignupModal',
        src: 'openSignupModal',
        onDone: {
          target: 'watching',
          description: 'The modal is open: the link is removed from the address.',
          actions: 'removeLinkParams',
        },
        onError: {
          target: 'watching',
          description: 'The modal could not open: the link is removed all the same, so it is not retried.',
          actions: 'removeLinkParams',
        },
      },
      on: {
        'address.changed': {
          description: 'The address moves on while the modal opens: remembered, decided on later.',
          actions: assign({ address: ({ event }) => addressOf(event) }),
        },
        'member.changed': {
          description: 'The member changes while the modal opens: remembered.',
          actions: 'takeMember',
        },
      },
    },
    signingInWithLink: {
      description:
        "The session signs in with the link's token; login is offered only if the link is refused.",
      entry: 'removeLinkParams',
      invoke: {
        id: 'signInWithLink',
        src: 'signInWithLink',
        // Stryker disable next-line StringLiteral: signingInWithLink is entered only with a token (linkCarriesToken).
        input: ({ context }) => ({ token: context.address.token ?? '' }),
        onDone: {
          target: 'deciding',
          description: 'The link signed the member in.',
          actions: assign({ address: ({ context }) => ({ ...context.address, token: null }) }),
        },
        onError: {
          target: 'deciding',
          description: 'The link was refused: a visitor is offered the login modal.',
          actions: assign({ address: ({ context }) => ({ ...context.address, token: null }) }),
        },
      },
      on: {
        'address.changed': {
          description: 'The address without the token: remembered.',
          actions: assign({ address: ({ event }) => ({ ...addressOf(event), token: null }) }),
        },
        'member.changed': {
          description: 'The session reports the member the link signed in.',
          actions: 'takeMember',
        },
      },
    },
    writingPlan: {
      description: 'The chosen plan is written into the address; the signup modal waits until it is there.',
      invoke: {
        id: 'writePlan',
        src: 'writePlan',
        // writingPlan is entered only by plan.chosen: the assertion narrows the event, with no fallback to test.
        input: ({ event }) => {
          assertEvent(event, 'plan.chosen');
          return { plan: event.plan };
        },
        onDone: {
          target: 'deciding',
          description: 'The address has the plan: the signup modal is asked for, and opens on it.',
          actions: 'openSignupModalOnPlan',
        },
        onError: {
          target: 'deciding',
          description: 'The address could not take the plan: no modal opens without it.',
        },
      },
      on: {
        'address.changed': {
          description: 'The address with the plan, or a later one: remembered, decided on after.',
          actions: 'takeAddress',
        },
        'member.changed': {
          description: 'The member changes while the plan is written: remembered.',
          actions: 'takeMember',
        },
      },
    },
    watching: {
      description: 'Waits for the address or the member to change, or for a plan to be chosen.',
      on: {
        'plan.chosen': {
          target: 'writingPlan',
          description: "A plan was chosen from Home's prices: it goes into the address first.",
        },
        'address.changed': {
          target: 'deciding',
          description: 'A new address; leaving the members-only area forgets that login was offered.',
          actions: 'takeAddress',
        },
        'member.changed': {
          target: 'deciding',
          description: 'The member signed in or out; signing in forgets that login was offered.',
          actions: assign(({ context, event }) => ({
            signedIn: event.signedIn,
            askedToLogIn: event.signedIn ? false : context.askedToLogIn,
          })),
        },
      },
    },
  },
});

function addressOf(event: Extract<AddressEvent, { type: 'address.changed' }>) {
  const { type: _type, ...address } = event;
  return address;
}
