import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
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
