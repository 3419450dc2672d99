import { describe, expect, it } from 'vitest';
import {
  type AnyActorRef,
  createActor,
  fromCallback,
  fromPromise,
  type SnapshotFrom,
  setup,
  waitFor,
} from 'xstate';
import { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import {
  type AuthStepInput,
  MODAL_ERRORS,
  MODAL_NOTICES,
} from '../../../machines/signup-modal/signup-modal.types.ts';
import { describeModel, expectLoadingWhileCalling } from '../model.ts';
import {
  challengeOffer,
  monthlySubscriber,
  place,
  subscriptionOffer,
  unverifiedMember,
  verifiedMember,
} from './offers.ts';
import { accountStateKey } from './state-keys.ts';

type AuthStepSnapshot = SnapshotFrom<typeof authStepMachine>;

const linkPlace = { ...place, token: 'link-token' };
const inputs: { label: string; input: AuthStepInput }[] = [
  {
    label: 'signup, no verification: ',
    input: { modalType: 'signup', start: 'form', offer: subscriptionOffer, place, user: null },
  },
  {
    label: 'login, verification on: ',
    input: { modalType: 'login', start: 'form', offer: challengeOffer, place, user: null },
  },
  {
    label: 'a verification link: ',
    input: {
      modalType: 'signup',
      start: 'verifyingEmail',
      offer: challengeOffer,
      place: linkPlace,
      user: null,
    },
  },
  {
    label: "a signed-in member's link: ",
    input: {
      modalType: 'signup',
      start: 'verifyingEmail',
      offer: challengeOffer,
      place: linkPlace,
      user: verifiedMember,
    },
  },
  {
    label: 'verified=true in the address: ',
    input: {
      modalType: 'signup',
      start: 'verifyingEmail',
      offer: challengeOffer,
      place: { ...place, verified: true },
      user: null,
    },
  },
  {
    label: 'signed in, unverified: ',
    input: { modalType: 'signup', start: 'checkInbox', offer: challengeOffer, place, user: unverifiedMember },
  },
];

const FIRST_SCREEN = {
  form: { signup: 'view:signup', login: 'view:login' },
  checkInbox: { signup: 'dialog:checkInbox', login: 'dialog:checkInbox' },
  verifyingEmail: { signup: 'view:verifyingEmail', login: 'view:verifyingEmail' },
} as const;

describeModel('account step machine', authStepMachine, {
  inputs,
  stateKey: accountStateKey as (snapshot: unknown) => unknown,
  samples: {
    'auth.submitSignup': [
      { type: 'auth.submitSignup', name: 'Member', email: 'member@example.com', password: 'secret-pass' },
      { type: 'auth.submitSignup', name: '', email: '', password: '' },
    ],
    'auth.submitLogin': [
      { type: 'auth.submitLogin', email: 'member@example.com', password: 'secret-pass' },
      { type: 'auth.submitLogin', email: '', password: '' },
    ],
    'auth.submitReset': [{ type: 'auth.submitReset', email: 'member@example.com' }],
    'auth.succeeded': [
      { type: 'auth.succeeded', user: verifiedMember },
      { type: 'auth.succeeded', user: unverifiedMember },
      { type: 'auth.succeeded', user: monthlySubscriber },
    ],
    'auth.failed': [{ type: 'auth.failed', message: 'Invalid email or password' }],
    'xstate.done.actor.requestPasswordReset': [{ type: 'xstate.done.actor.requestPasswordReset' }],
    'xstate.error.actor.requestPasswordReset': [
      { type: 'xstate.error.actor.requestPasswordReset', error: new Error('Too many requests') },
    ],
    'xstate.done.actor.resendVerification': [{ type: 'xstate.done.actor.resendVerification' }],
    'xstate.error.actor.resendVerification': [
      { type: 'xstate.error.actor.resendVerification', error: new Error('Too many requests') },
    ],
    'xstate.done.actor.refreshUser': [
      { type: 'xstate.done.actor.refreshUser', output: verifiedMember },
      { type: 'xstate.done.actor.refreshUser', output: unverifiedMember },
    ],
    'xstate.error.actor.refreshUser': [
      { type: 'xstate.error.actor.refreshUser', error: new Error('offline') },
    ],
    'xstate.done.actor.emailVerification': [
      { type: 'xstate.done.actor.emailVerification', output: { user: verifiedMember, error: null } },
      // `verified=true` alone: the view shows, no call is made, nobody is signed in by it.
      { type: 'xstate.done.actor.emailVerification', output: { user: null, error: null } },
      {
        type: 'xstate.done.actor.emailVerification',
        output: { user: null, error: MODAL_ERRORS.emailVerificationFailed },
      },
      {
        type: 'xstate.done.actor.emailVerification',
        output: { user: null, error: MODAL_ERRORS.emailAlreadyVerified },
      },
    ],
  },
  check: (snapshot, step, effects, previous) => {
    const now = snapshot as AuthStepSnapshot;
    const before = previous as AuthStepSnapshot | undefined;
    const { event } = step;
    // Signing up and logging in wait on the session, not on a call of the step's own.
    if (now.matches('signingUp') || now.matches('loggingIn')) expect(now.hasTag('loading')).toBe(true);
    else expectLoadingWhileCalling(now, ['requestPasswordReset', 'resendVerification', 'refreshUser']);
    if (!before) {
      expect(now.hasTag(FIRST_SCREEN[now.context.start][now.context.modalType])).toBe(true);
      return;
    }
    if ((event.type === 'auth.submitSignup' || event.type === 'auth.submitLogin') && event.email === '') {
      expect(now.context.error).toBe(MODAL_ERRORS.pleaseEnterEmailAndPassword);
    }
    if (event.type === 'auth.succeeded' && before.matches('signingUp')) {
      // Verification on: check your inbox and wait; off: on to the plans.
      if (now.context.offer.enableEmailVerification) expect(now.hasTag('dialog:checkInbox')).toBe(true);
      else expect(now.status).toBe('done');
    }
    if (event.type === 'auth.succeeded' && before.matches('loggingIn')) {
      const blocked = now.context.offer.enableEmailVerification && !event.user.email_verified;
      if (blocked) expect(now.context.error).toBe(MODAL_ERRORS.verifyEmail);
      else expect(now.output).toEqual({ user: event.user });
    }
    if (event.type === 'auth.failed') expect(now.context.error).toBe(event.message);
    if (event.type === 'xstate.done.actor.emailVerification' && event.output.error) {
      // A signed-in member goes on to the plans; a visitor reads why on the login form.
      if (before.context.user) expect(now.status).toBe('done');
      else expect(now.context.error).toBe(event.output.error);
    }
    if (event.type === 'xstate.done.actor.refreshUser') {
      if (event.output.email_verified) expect(now.output).toEqual({ user: event.output });
      else expect(now.context.error).toBe(MODAL_ERRORS.verifyEmail);
    }
    // Spec 5: each view of step 1 carries its own screen, waiting included.
    if (now.matches('signingUp')) expect(now.hasTag('view:signup')).toBe(true);
    if (now.matches('loggingIn')) expect(now.hasTag('view:login')).toBe(true);
    if (now.matches('resetPassword')) expect(now.hasTag('view:resetPassword')).toBe(true);
    if (event.type === 'auth.succeeded' && (before.matches('signingUp') || before.matches('loggingIn'))) {
      expect(now.context.user).toBe(event.user);
    }
    if (event.type === 'auth.submitReset' && now.matches({ resetPassword: 'sending' })) {
      expect(effects.actors.find((a) => a.name === 'requestPasswordReset')?.input).toEqual({
        email: event.email,
      });
    }
    if (event.type === 'xstate.done.actor.requestPasswordReset')
      expect(now.hasTag('view:resetSent')).toBe(true);
    // Spec 8: the server's message, shown as sent, on the view that asked.
    if (event.type === 'xstate.error.actor.requestPasswordReset') {
      expect(now.matches({ resetPassword: 'editing' })).toBe(true);
      expect(now.context.error).toBe('Too many requests');
    }
    if (event.type === 'xstate.error.actor.resendVerification') {
      expect(now.matches({ checkInbox: 'waiting' })).toBe(true);
      expect(now.context.error).toBe('Too many requests');
    }
    if (event.type === 'xstate.done.actor.resendVerification') {
      expect(now.matches({ checkInbox: 'waiting' })).toBe(true);
    }
    if (event.type === 'xstate.error.actor.refreshUser') {
      expect(now.matches({ checkInbox: 'waiting' })).toBe(true);
      expect(now.context.error).toBe('offline');
    }
    if (event.type === 'xstate.done.actor.emailVerification' && !event.output.error) {
      const member = event.output.user ?? before.context.user;
      if (member) expect(now.output).toEqual({ user: member });
      else {
        // Nobody to take on to the plans: the login form, saying the email is verified.
        expect(now.matches('login')).toBe(true);
        expect(now.context.notice).toBe(MODAL_NOTICES.emailVerifiedLogIn);
        expect(now.context.error).toBeNull();
      }
    }
    // Never 'your email is verified' beside 'please verify your email'.
    if (now.context.error === MODAL_ERRORS.verifyEmail) expect(now.context.notice).toBeNull();
    // Only the verified view's end, with nobody signed in, says the email is verified.
    if (now.context.notice && !before.context.notice) {
      expect(event.type).toBe('xstate.done.actor.emailVerification');
      expect(before.context.user).toBeNull();
    }
    if (event.type === 'auth.contactSupport') {
      expect(effects.actions.map((action) => action.name)).toContain('contactSupport');
    }
  },
});

describe('the plan chosen before signing up rides the emailed link (decision 114)', () => {
  it('sends the path with its plan as the register call’s currentRoute', () => {
    const received: unknown[] = [];
    const parent = setup({
      actors: {
        session: fromCallback(({ receive }) => {
          receive((event) => received.push(event));
        }),
        authStep: authStepMachine,
      },
    }).createMachine({
      invoke: [
        { id: 'session', src: 'session', systemId: 'session' },
        {
          id: 'authStep',
          src: 'authStep',
          input: {
            modalType: 'signup',
            start: 'form',
            offer: subscriptionOffer,
            place: { ...place, plan: 'price_annual' },
            user: null,
          } satisfies AuthStepInput,
        },
      ],
    });
    const actor = createActor(parent).start();
    const step = actor.getSnapshot().children.authStep as AnyActorRef;
    step.send({
      type: 'auth.submitSignup',
      name: 'Ana',
      email: 'ana@example.com',
      password: 'secret-pass-1',
    });
    expect(received).toEqual([
      expect.objectContaining({ type: 'auth.register', currentRoute: '/?plan=price_annual' }),
    ]);
  });
});

// The model folds a form with one blank field into the all-blank sample's path (both end on the form
// with the error), so whether each field is required on its own takes plain runs. Spec section 5:
// signup needs a name, an email and a password, login an email and a password; failing that, the
// form stays and shows 'signup.pleaseEnterEmailAndPassword'.
describe('a form with a blank field is refused', () => {
  const start = (modalType: 'signup' | 'login') =>
    createActor(authStepMachine, {
      input: { modalType, start: 'form', offer: subscriptionOffer, place, user: null },
    }).start();
  const filled = { name: 'Member', email: 'member@example.com', password: 'secret-pass' };

  it.each([
    ['an email of spaces', { email: '   ' }],
    ['no password', { password: '' }],
  ])('login with %s', (_label, blank) => {
    const actor = start('login');
    actor.send({ type: 'auth.submitLogin', email: filled.email, password: filled.password, ...blank });
    expect(actor.getSnapshot().hasTag('view:login')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.error).toBe(MODAL_ERRORS.pleaseEnterEmailAndPassword);
  });

  it.each([
    ['a name of spaces', { name: '  ' }],
    ['an email of spaces', { email: '   ' }],
    ['no password', { password: '' }],
  ])('signup with %s', (_label, blank) => {
    const actor = start('signup');
    actor.send({ type: 'auth.submitSignup', ...filled, ...blank });
    expect(actor.getSnapshot().hasTag('view:signup')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.error).toBe(MODAL_ERRORS.pleaseEnterEmailAndPassword);
  });

  it('a login with an email and a password goes on, with no error', () => {
    const actor = start('login');
    actor.send({ type: 'auth.submitLogin', email: filled.email, password: filled.password });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('a new view starts without the last error', () => {
  const start = (modalType: 'signup' | 'login') =>
    createActor(authStepMachine, {
      input: { modalType, start: 'form', offer: subscriptionOffer, place, user: null },
    }).start();
  const blank = { name: '', email: '', password: '' };

  it.each([
    ['signup', 'auth.switchToLogin'],
    ['signup', 'auth.alreadySubscribed'],
    ['login', 'auth.switchToSignup'],
    ['login', 'auth.forgotPassword'],
  ] as const)('%s, then %s', (modalType, type) => {
    const actor = start(modalType);
    if (modalType === 'signup') actor.send({ type: 'auth.submitSignup', ...blank });
    else actor.send({ type: 'auth.submitLogin', email: '', password: '' });
    expect(actor.getSnapshot().context.error).toBe(MODAL_ERRORS.pleaseEnterEmailAndPassword);
    actor.send({ type });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('back to login from a refused reset', async () => {
    const actor = createActor(
      authStepMachine.provide({
        actors: {
          requestPasswordReset: fromPromise(async () => Promise.reject(new Error('Too many requests'))),
        },
      }),
      { input: { modalType: 'login', start: 'form', offer: subscriptionOffer, place, user: null } },
    ).start();
    actor.send({ type: 'auth.forgotPassword' });
    actor.send({ type: 'auth.submitReset', email: 'member@example.com' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Too many requests');
    actor.send({ type: 'auth.backToLogin' });
    expect(actor.getSnapshot().hasTag('view:login')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it.each([
    ['verification.resend', 'resendVerification'],
    ['verification.alreadyChecked', 'refreshUser'],
  ] as const)('in the inbox dialog, %s', async (type, src) => {
    const refusal = () => Promise.reject(new Error('Too many requests'));
    const never = () => new Promise<never>(() => {});
    const actor = createActor(
      authStepMachine.provide({
        actors: {
          resendVerification: fromPromise<void>(src === 'resendVerification' ? never : refusal),
          refreshUser: fromPromise<typeof verifiedMember>(src === 'refreshUser' ? never : refusal),
        },
      }),
      {
        input: {
          modalType: 'signup',
          start: 'checkInbox',
          offer: challengeOffer,
          place,
          user: unverifiedMember,
        },
      },
    ).start();
    // A first try refused leaves an error on the dialog; the next try clears it while it runs.
    actor.send({
      type: src === 'resendVerification' ? 'verification.alreadyChecked' : 'verification.resend',
    });
    await waitFor(actor, (s) => s.context.error !== null);
    actor.send({ type });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('a member who verified by email is handed to the session', () => {
  it('after "I have already checked the email" finds the email verified', async () => {
    const received: unknown[] = [];
    const parent = setup({
      actors: {
        session: fromCallback(({ receive }) => {
          receive((event) => received.push(event));
        }),
        authStep: authStepMachine.provide({
          actors: { refreshUser: fromPromise<typeof verifiedMember>(async () => verifiedMember) },
        }),
      },
    }).createMachine({
      invoke: [
        { id: 'session', src: 'session', systemId: 'session' },
        {
          id: 'authStep',
          src: 'authStep',
          input: {
            modalType: 'signup',
            start: 'checkInbox',
            offer: challengeOffer,
            place,
            user: unverifiedMember,
          } satisfies AuthStepInput,
        },
      ],
    });
    const actor = createActor(parent).start();
    const step = actor.getSnapshot().children.authStep as AnyActorRef;
    step.send({ type: 'verification.alreadyChecked' });
    await waitFor(step, (s) => s.status === 'done');
    expect(received).toEqual([{ type: 'user.received', user: verifiedMember }]);
  });
});

// A server call the app forgot to provide fails loudly, naming the call, instead of passing for a
// success: the member reads the message on the view that asked (spec 8: a failure's message shows).
describe('a server call left unprovided fails on its view, naming the call', () => {
  const inbox: AuthStepInput = {
    modalType: 'signup',
    start: 'checkInbox',
    offer: challengeOffer,
    place,
    user: unverifiedMember,
  };

  it('requestPasswordReset: the reset form stays, with the message', async () => {
    const actor = createActor(authStepMachine, {
      input: { modalType: 'login', start: 'form', offer: subscriptionOffer, place, user: null },
    }).start();
    actor.send({ type: 'auth.forgotPassword' });
    actor.send({ type: 'auth.submitReset', email: 'member@example.com' });
    const settled = await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(settled.matches({ resetPassword: 'editing' })).toBe(true);
    expect(settled.context.error).toBe('requestPasswordReset must be provided with .provide()');
  });

  it.each([
    ['verification.resend', 'resendVerification'],
    ['verification.alreadyChecked', 'refreshUser'],
  ] as const)('%s: the inbox dialog stays, with the message of %s', async (type, name) => {
    const actor = createActor(authStepMachine, { input: inbox }).start();
    actor.send({ type });
    const settled = await waitFor(actor, (s) => !s.hasTag('loading'));
    expect(settled.matches({ checkInbox: 'waiting' })).toBe(true);
    expect(settled.context.error).toBe(`${name} must be provided with .provide()`);
  });
});

/** The account step invoked beside a fake session (as the modal runs it, or alone); the session's mail. */
function besideSession(input: AuthStepInput, machine = authStepMachine, withSession = true) {
  const received: unknown[] = [];
  const errors: unknown[] = [];
  const parent = setup({
    actors: {
      session: fromCallback(({ receive }) => {
        receive((event) => received.push(event));
      }),
      authStep: machine,
    },
  }).createMachine({
    invoke: [
      ...(withSession ? [{ id: 'session', src: 'session' as const, systemId: 'session' }] : []),
      { id: 'authStep', src: 'authStep', input },
    ],
  });
  const actor = createActor(parent);
  // Every event any actor receives, by type: what went where.
  const delivered: string[] = [];
  actor.system.inspect((inspection) => {
    if (inspection.type === '@xstate.event') delivered.push(inspection.event.type);
  });
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  const step = actor.getSnapshot().children.authStep as AnyActorRef;
  step.subscribe({ error: (error) => errors.push(error) });
  return { root: actor, step, received, errors, delivered };
}

const loginForm: AuthStepInput = {
  modalType: 'login',
  start: 'form',
  offer: subscriptionOffer,
  place,
  user: null,
};

describe('the forms ask the session (spec 4: the session signs in and registers)', () => {
  it('a login asks the session to sign in with the email and password typed', () => {
    const { step, received } = besideSession(loginForm);
    step.send({ type: 'auth.submitLogin', email: 'member@example.com', password: 'secret-pass' });
    expect(received).toEqual([{ type: 'auth.login', email: 'member@example.com', password: 'secret-pass' }]);
  });

  it('without a session, a login and a signup still wait on their forms, and nothing fails', () => {
    const login = besideSession(loginForm, authStepMachine, false);
    login.step.send({ type: 'auth.submitLogin', email: 'member@example.com', password: 'secret-pass' });
    expect(login.step.getSnapshot().hasTag('view:login')).toBe(true);
    expect(login.step.getSnapshot().hasTag('loading')).toBe(true);
    const signup = besideSession({ ...loginForm, modalType: 'signup' }, authStepMachine, false);
    signup.step.send({
      type: 'auth.submitSignup',
      name: 'Member',
      email: 'member@example.com',
      password: 'secret-pass',
    });
    expect(signup.step.getSnapshot().hasTag('view:signup')).toBe(true);
    expect(signup.step.getSnapshot().hasTag('loading')).toBe(true);
    expect([...login.errors, ...signup.errors]).toEqual([]);
    // The requests go nowhere: no actor, the step included, receives them.
    expect([...login.delivered, ...signup.delivered]).not.toContain('auth.login');
    expect([...login.delivered, ...signup.delivered]).not.toContain('auth.register');
  });

  it('without a session, a member found verified from the inbox dialog still goes on', async () => {
    const { step, errors, delivered } = besideSession(
      { modalType: 'signup', start: 'checkInbox', offer: challengeOffer, place, user: unverifiedMember },
      authStepMachine.provide({
        actors: { refreshUser: fromPromise<typeof verifiedMember>(async () => verifiedMember) },
      }),
      false,
    );
    step.send({ type: 'verification.alreadyChecked' });
    const done = await waitFor(step, (s) => s.status !== 'active');
    expect(done.status).toBe('done');
    expect(done.output).toEqual({ user: verifiedMember });
    expect(errors).toEqual([]);
    // The hand-over goes nowhere: no actor receives the user.
    expect(delivered).not.toContain('user.received');
  });
});

describe('the forms move and clear as the member expects', () => {
  it("'Already subscribed' on the signup form opens the login form", () => {
    const actor = createActor(authStepMachine, { input: { ...loginForm, modalType: 'signup' } }).start();
    actor.send({ type: 'auth.alreadySubscribed' });
    expect(actor.getSnapshot().hasTag('view:login')).toBe(true);
    expect(actor.getSnapshot().hasTag('view:signup')).toBe(false);
  });

  it('a login sent after a refused one no longer shows the refusal while it waits', () => {
    const actor = createActor(authStepMachine, { input: loginForm }).start();
    actor.send({ type: 'auth.submitLogin', email: '', password: '' });
    expect(actor.getSnapshot().context.error).toBe('signup.pleaseEnterEmailAndPassword');
    actor.send({ type: 'auth.submitLogin', email: 'member@example.com', password: 'secret-pass' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('the emailed verification link (spec 4: email verification by token)', () => {
  const linkInput: AuthStepInput = {
    modalType: 'signup',
    start: 'verifyingEmail',
    offer: challengeOffer,
    place: { ...place, token: 'link-token' },
    user: null,
  };

  function verifying(output: { user: typeof verifiedMember | null; error: string | null }) {
    const started: unknown[] = [];
    const machine = authStepMachine.provide({
      actors: {
        emailVerification: fromPromise(async ({ input }) => {
          started.push(input);
          return output;
        }) as never,
      },
    });
    return { ...besideSession(linkInput, machine), started };
  }

  it('verifies the token of the address, on a site that verifies emails', () => {
    const { started, root } = verifying({ user: verifiedMember, error: null });
    expect(started).toEqual([{ token: 'link-token', verified: false, enabled: true }]);
    // Registered under the id its chart documents.
    expect(root.system.get('emailVerification')).toBeDefined();
  });

  it("a link used before shows 'signup.emailAlreadyVerified' on the login form, not a generic failure", async () => {
    const { step } = verifying({ user: null, error: 'signup.emailAlreadyVerified' });
    const settled = await waitFor(step, (s) => !s.hasTag('view:verifyingEmail'));
    expect(settled.hasTag('view:login')).toBe(true);
    expect(settled.context.error).toBe('signup.emailAlreadyVerified');
  });
});
