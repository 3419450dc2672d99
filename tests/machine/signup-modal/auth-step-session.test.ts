import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate';
import { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import type { AuthStepInput } from '../../../machines/signup-modal/signup-modal.types.ts';
import { besideSession, loginForm } from './auth-step.fixtures.ts';
import { challengeOffer, place, subscriptionOffer, unverifiedMember, verifiedMember } from './offers.ts';

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
