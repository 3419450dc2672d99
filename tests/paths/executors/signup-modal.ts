// The signup modal's executor table: what a member does to cause each event, and what they see in
// each state. Step 1 is the account step's own table; here it ends with the member it signed in.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { User } from '../../../domain/api-types.ts';
import { annualPlanOf } from '../../../domain/plans.ts';
import { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import { messageWords } from '../../../scripts/message-texts.ts';
import {
  type Action,
  alert,
  aMember,
  answers,
  button,
  type EventTable,
  heading,
  key,
  type MemberKind,
  presses,
  type Sight,
  type StateTable,
  type Target,
  type UiStep,
} from '../ui.ts';
import { MEMBERS, memberKindOf, openEvent } from '../world.ts';
import { OPENINGS } from './openings.ts';

type Modal = typeof signupModalMachine;
type ModalSnapshot = SnapshotFrom<Modal>;
type ChildDone = 'xstate.done.actor.authStep' | 'xstate.done.actor.upgrade' | 'xstate.done.actor.checkout';

/** Whether the already-have-a-plan screen offers the annual plan: to a monthly or quarterly member, when sold. */
function offersUpgrade(snapshot: ModalSnapshot): boolean {
  const { user, offer } = snapshot.context;
  return (
    ['monthly', 'quarterly'].includes(user?.profile.subscription_plan_type ?? '') &&
    annualPlanOf(offer.subscription.plans) !== null
  );
}

/** Step 1's events: the modal passes them to the account step, whose table carries them out. */
const ACCOUNT_STEP_EVENTS = [
  'auth.switchToLogin',
  'auth.switchToSignup',
  'auth.submitSignup',
  'auth.submitLogin',
  'auth.forgotPassword',
  'auth.submitReset',
  'auth.backToLogin',
  'auth.alreadySubscribed',
  'auth.contactSupport',
  'verification.resend',
  'verification.alreadyChecked',
] as const;

/** The checkout session fails to start: the flow swallows it and closes as if it had started. */
const CHECKOUT_FAILS = { ok: false as const, status: 502, message: 'The payment provider is unavailable' };

const back: UiStep = { does: 'presses the back arrow', actions: [{ click: button('signup.back') }] };

/** The login form, filled and sent for a member of `kind`. */
const logInAs = (kind: MemberKind): Action[] => [
  { fill: { label: key('signup.email') }, value: '$email' },
  { fill: { label: key('signup.password') }, value: '$password' },
  { click: button('signup.submitLogin') },
  { answer: 'login', outcome: { ok: true, member: kind } },
];

/** Signs in on step 1's forms as a member of `kind`: signup makes a new member, login any member. */
function signIn(before: ModalSnapshot, kind: MemberKind): Action[] {
  const onSignup = before.context.modalType === 'signup';
  const fresh = kind === 'verified' || kind === 'unverified';
  if (onSignup && fresh && !before.context.offer.enableEmailVerification) {
    return [
      { fill: { label: key('signup.fullName') }, value: 'Ana Member' },
      { fill: { label: key('signup.email') }, value: '$email' },
      { fill: { label: key('signup.password') }, value: '$password' },
      { click: button('signup.submitSignup') },
      { answer: 'register', outcome: { ok: true, member: kind } },
    ];
  }
  return [...(onSignup ? [{ click: button('signup.haveAccount') }] : []), ...logInAs(kind)];
}

/**
 * How step 1 can end, for the screen it starts on: who the member is when it does. It always ends
 * with one: the verified view of a `verified=true` address, which names no member, leads a visitor
 * to the login form.
 */
export function accountStepEndings(before: ModalSnapshot): MemberKind[] {
  const { authStart, offer, place, user } = before.context;
  if (authStart === 'verifyingEmail' && !place.token && user) return [memberKindOf(user)];
  // A member whose email is unverified: the link verifies it, or is refused and they go on as they are.
  if (authStart === 'verifyingEmail' && place.token && user && !user.email_verified)
    return ['verified', 'unverified'];
  if (authStart === 'checkInbox' || (authStart === 'verifyingEmail' && place.token)) return ['verified'];
  // With verification on, only a verified member gets past the forms.
  return offer.enableEmailVerification ? ['verified', 'monthly'] : ['verified', 'unverified', 'monthly'];
}

/** The link of a member whose email is unverified, refused: unknown or expired. */
const LINK_REFUSED = { ok: false as const, status: 401, message: 'Invalid or expired link' };

function endAccountStep(before: ModalSnapshot, kind: MemberKind): UiStep {
  switch (before.context.authStart) {
    case 'checkInbox':
      return {
        does: "verifies the email, then presses I've already checked the email",
        actions: [
          { click: button('signup.alreadyChecked') },
          { answer: 'refreshUser', outcome: { ok: true, member: kind } },
        ],
      };
    case 'verifyingEmail':
      if (!before.context.place.token && before.context.user)
        return {
          does: 'sees the email is verified; presses Continue',
          actions: [{ click: button('signup.continue') }],
        };
      if (!before.context.place.token)
        return {
          does: `sees the email is verified; presses Continue, and logs in as ${aMember(kind)}`,
          actions: [{ click: button('signup.continue') }, ...logInAs(kind)],
        };
      if (before.context.user?.email_verified === false && kind === 'unverified')
        return {
          does: `the link is refused ('${LINK_REFUSED.message}'); signed in, the member goes on`,
          actions: [{ answer: 'fetchUserByToken', outcome: LINK_REFUSED }],
        };
      return {
        does: 'the link verifies the email; presses Continue',
        actions: [
          { answer: 'fetchUserByToken', outcome: { ok: true, member: kind } },
          { answer: 'markEmailVerified', outcome: { ok: true, member: kind } },
          { click: button('signup.continue') },
        ],
      };
    case 'form':
      return { does: `signs in on step 1 as ${aMember(kind)}`, actions: signIn(before, kind) };
  }
}

/** Step 3's main button: the challenge's or the site's text, Continue for a native subscriber. */
const PLANS_NEXT: Target = { testId: 'plans-next' };

export const modalEvents = {
  'modal.open': ({ event }) => {
    const { opening } = event as ReturnType<typeof openEvent>;
    return { does: opening.does, actions: [{ open: opening }] };
  },
  'modal.close': () => ({ does: 'closes the modal', actions: [{ click: button('signup.close') }] }),
  'modal.back': () => back,
  'plan.select': ({ event }) => ({
    does: `chooses plan card ${Number(event.card) + 1}`,
    actions: [{ click: { planCard: Number(event.card) } }],
  }),
  'plans.next': ({ before }) => ({
    does: before.hasTag('step:challenge') ? 'presses Next Step' : "presses step 3's button",
    actions: [{ click: before.hasTag('step:challenge') ? button('plans.nextStep') : PLANS_NEXT }],
  }),
  'plans.manageSubscription': () => ({
    does: 'follows Manage your subscription',
    actions: [{ click: { role: 'link', name: key('checkout.manageLink') } }],
  }),
  'account.continue': presses('presses Continue on the account view', 'signup.continue'),
  'account.logout': presses('presses Not you? Log out', 'signup.notYou'),
  // Sampled only while the account view signs out: elsewhere it is a 401, which the session's paths carry out.
  'member.signedOut': answers('the server ends the session', 'logout', { ok: true }),
  'auth.succeeded': {
    notThroughScreens:
      "The session's answer to step 1's forms: through the screens it arrives inside step 1, which it ends (the account step's paths replay it).",
  },
  'auth.failed': {
    notThroughScreens: "The session's answer to step 1's forms: the account step's paths replay it.",
  },
  ...(Object.fromEntries(
    ACCOUNT_STEP_EVENTS.map((type) => [type, { childTable: 'account-step' }] as const),
  ) as Record<(typeof ACCOUNT_STEP_EVENTS)[number], { childTable: string }>),
  'xstate.done.actor.authStep': ({ event, before }) =>
    endAccountStep(before, memberKindOf((event.output as { user: User }).user)),
  'xstate.done.actor.upgrade': ({ event, before }) => {
    const upgrades = (event.output as { plan: string | null }).plan !== null;
    const offered = offersUpgrade(before);
    if (upgrades)
      return { does: 'presses I want to upgrade', actions: [{ click: button('upgrade.wantToUpgrade') }] };
    return offered
      ? { does: 'declines the upgrade', actions: [{ click: button('upgrade.decline') }] }
      : { does: 'presses Continue', actions: [{ click: button('upgrade.continue') }] };
  },
  'xstate.done.actor.checkout': ({ event }) => {
    const { started, error } = event.output as { started: boolean; error: string | null };
    if (!started && error === null)
      return {
        does: `starting the checkout session fails (the server answers '${CHECKOUT_FAILS.message}'), quietly; after 2 s the modal closes`,
        actions: [{ answer: 'startCheckout', outcome: CHECKOUT_FAILS }, { wait: 2000 }],
      };
    // A refused checkout ends at once, with no call: the step happened with the button press.
    return started
      ? {
          does: 'the checkout session starts; after 2 s the modal closes',
          actions: [{ answer: 'startCheckout', outcome: { ok: true } }, { wait: 2000 }],
        }
      : { does: 'checkout is refused: the email is not verified', actions: [] };
  },
} satisfies EventTable<Modal, ChildDone>;

function stepName(snapshot: ModalSnapshot): Target {
  const total = snapshot.context.offer.kind === 'course' ? 2 : 3;
  const step = snapshot.hasTag('step:plans') ? 3 : snapshot.hasTag('step:challenge') ? 2 : 1;
  return { role: 'dialog', name: key('signup.progress', { step: Math.min(step, total), total }) };
}

function errorOf(snapshot: ModalSnapshot): Target[] {
  return snapshot.context.error ? [alert(snapshot.context.error)] : [];
}

function withError(snapshot: ModalSnapshot, says: string, shows: Target[]): Sight {
  const { error } = snapshot.context;
  return {
    says: error ? `${says}, with the message ${messageWords(error)}` : says,
    shows: [stepName(snapshot), ...shows, ...errorOf(snapshot)],
    hides: error ? [] : [{ role: 'alert' }],
  };
}

export const modalStates = {
  hidden: () => ({ says: 'the modal is closed', shows: [], hides: [{ role: 'dialog' }] }),
  open: { passesAtOnce: 'A compound state: its child states are what shows.' },
  'open.entering': { passesAtOnce: 'Chooses the first screen at once.' },
  'open.routing': { passesAtOnce: 'Chooses the plans step at once.' },
  'open.auth': (snapshot) => ({
    says: 'step 1, the account step',
    shows: [stepName(snapshot)],
  }),
  'open.account': (snapshot) =>
    withError(snapshot, 'step 1, the account view: who is signed in', [
      heading('signup.accountHeading'),
      button('signup.continue'),
      button('signup.notYou'),
    ]),
  'open.signingOut': (snapshot) => ({
    says: 'step 1, the account view, signing out',
    shows: [stepName(snapshot), heading('signup.accountHeading')],
  }),
  'open.challenge': (snapshot) =>
    withError(
      snapshot,
      snapshot.context.offer.kind === 'course' ? 'the course plans' : 'the challenge plans',
      [
        heading(snapshot.context.offer.kind === 'course' ? 'plans.courseHeading' : 'plans.challengeHeading'),
        button('plans.nextStep'),
      ],
    ),
  'open.alreadyHavePlan': (snapshot) =>
    offersUpgrade(snapshot)
      ? {
          says: 'the already-have-a-plan screen, offering the annual plan',
          shows: [
            stepName(snapshot),
            heading('upgrade.heading'),
            button('upgrade.wantToUpgrade'),
            button('upgrade.decline'),
          ],
        }
      : {
          says: 'the already-have-a-plan screen, with Continue only',
          shows: [stepName(snapshot), heading('upgrade.heading'), button('upgrade.continue')],
          hides: [button('upgrade.wantToUpgrade')],
        },
  'open.subscription': (snapshot) =>
    withError(snapshot, 'step 3, the subscription plans', [heading('checkout.secureHeading'), PLANS_NEXT]),
  'open.checkingOut': () => ({
    says: 'taking the member to the secure checkout',
    shows: [{ role: 'status', name: key('checkout.redirecting') }],
  }),
} satisfies StateTable<Modal>;

/**
 * The events the screens can send in a state, as samples for path generation: each opening, each
 * card of the plans on show, and each way a child flow can end for who the member is.
 */
export function modalSamples(): Record<
  string,
  AnyEventObject[] | ((snapshot: ModalSnapshot) => AnyEventObject[])
> {
  return {
    'modal.open': OPENINGS.map(({ opening, modalType }) => openEvent(opening, modalType)),
    'auth.succeeded': [],
    'auth.failed': [],
    'member.signedOut': (snapshot) =>
      snapshot.matches({ open: 'signingOut' }) ? [{ type: 'member.signedOut' }] : [],
    // The link shows only to a subscriber.
    'plans.manageSubscription': (snapshot) =>
      (snapshot.context.user?.customer.subscriptions.data.length ?? 0) > 0
        ? [{ type: 'plans.manageSubscription' }]
        : [],
    'plan.select': (snapshot) => {
      const plans = snapshot.hasTag('step:challenge')
        ? snapshot.context.offer.plans
        : [...snapshot.context.offer.subscription.plans].sort((a, b) => b.amount - a.amount);
      const sku = snapshot.hasTag('step:challenge')
        ? snapshot.context.offer.productId
        : snapshot.context.offer.subscription.productId;
      return plans.slice(0, 1).map((plan, card) => ({ type: 'plan.select', sku, plan: plan.id, card }));
    },
    'xstate.done.actor.authStep': (snapshot) =>
      accountStepEndings(snapshot).map((kind) => ({
        type: 'xstate.done.actor.authStep',
        output: { user: MEMBERS[kind]() },
      })),
    'xstate.done.actor.upgrade': (snapshot) => {
      const offered = offersUpgrade(snapshot);
      return [
        ...(offered ? [{ type: 'xstate.done.actor.upgrade', output: { plan: 'price_annual' } }] : []),
        { type: 'xstate.done.actor.upgrade', output: { plan: null } },
      ];
    },
    'xstate.done.actor.checkout': (snapshot) => {
      const verified =
        !snapshot.context.offer.enableEmailVerification || snapshot.context.user?.email_verified;
      return verified
        ? [
            { type: 'xstate.done.actor.checkout', output: { started: true, error: null } },
            // The start fails and the flow swallows it: the modal closes all the same.
            { type: 'xstate.done.actor.checkout', output: { started: false, error: null } },
          ]
        : [
            {
              type: 'xstate.done.actor.checkout',
              output: { started: false, error: 'Please verify your email before proceeding to checkout' },
            },
          ];
    },
  };
}

export const signupModalExecutor = { machine: signupModalMachine, events: modalEvents, states: modalStates };
