import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate';
import { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import { type AuthStepInput, MODAL_ERRORS } from '../../../machines/signup-modal/signup-modal.types.ts';
import { challengeOffer, place, subscriptionOffer, unverifiedMember, type verifiedMember } from './offers.ts';

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
