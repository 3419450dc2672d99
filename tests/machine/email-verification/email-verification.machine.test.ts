import { expect } from 'vitest';
import { emailVerificationMachine } from '../../../machines/email-verification/email-verification.machine.ts';
import { EMAIL_VERIFICATION_FAILED } from '../../../machines/email-verification/email-verification.types.ts';
import { RequestError } from '../../../machines/session/session.types.ts';
import { user } from '../fixtures.ts';
import { describeModel, expectLoadingWhileCalling } from '../model.ts';

const unverified = user({ email_verified: false, token: 'fresh-session' });
const verified = user({ email_verified: true, token: 'fresh-session' });

describeModel('email verification machine', emailVerificationMachine, {
  samples: {
    'xstate.done.actor.fetchUserByToken': [
      { type: 'xstate.done.actor.fetchUserByToken', output: unverified },
    ],
    'xstate.error.actor.fetchUserByToken': [
      { type: 'xstate.error.actor.fetchUserByToken', error: new RequestError('Please sign in again', 401) },
      {
        type: 'xstate.error.actor.fetchUserByToken',
        error: new RequestError('Your email is already verified', 409),
      },
    ],
    'xstate.done.actor.markEmailVerified': [
      { type: 'xstate.done.actor.markEmailVerified', output: verified },
    ],
    'xstate.error.actor.markEmailVerified': [
      { type: 'xstate.error.actor.markEmailVerified', error: new Error('Failed to verify email') },
    ],
  },
  inputs: [
    { label: 'token, verification on: ', input: { token: 'link-token', verified: false, enabled: true } },
    { label: 'verified=true, verification on: ', input: { token: null, verified: true, enabled: true } },
    { label: 'token, verification off: ', input: { token: 'link-token', verified: false, enabled: false } },
  ],
  check: (snapshot, step, effects) => {
    expectLoadingWhileCalling(snapshot, ['fetchUserByToken', 'markEmailVerified']);
    // The server answers 409 for a link already used (decision 105): that, and only that, reads as
    // already verified; any other refusal is a failed verification.
    if (step.event.type === 'xstate.error.actor.fetchUserByToken') {
      expect(snapshot.matches('alreadyVerified')).toBe((step.event.error as RequestError).status === 409);
    }
    if (snapshot.matches('fetchingUser')) {
      expect(effects.actors.at(-1)).toEqual({ name: 'fetchUserByToken', input: { token: 'link-token' } });
    }
    if (snapshot.matches('markingVerified')) {
      expect(effects.actors.at(-1)).toEqual({
        name: 'markEmailVerified',
        input: { user: unverified, token: 'link-token' },
      });
    }
    if (snapshot.matches('failed')) expect(snapshot.output?.error).toBe(EMAIL_VERIFICATION_FAILED);
    if (snapshot.matches('skipped')) expect(snapshot.context.enabled && snapshot.context.token).toBeFalsy();
    if (snapshot.hasTag('view:emailVerified')) expect(snapshot.context.error).toBeNull();
  },
});
