import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate';
import { emailVerificationMachine } from '../../../machines/email-verification/email-verification.machine.ts';
import {
  EMAIL_ALREADY_VERIFIED,
  EMAIL_VERIFICATION_FAILED,
  type EmailVerificationInput,
} from '../../../machines/email-verification/email-verification.types.ts';
import { RequestError } from '../../../machines/session/session.types.ts';
import { emailVerificationRules } from '../../spec/email-verification.rules.ts';
import { RULES } from '../../spec/oracle.ts';
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
  // The 401 and the 409 must each be replayed, even on a chart that would take them alike.
  everySample: (event) => `${event.type} ${(event.error as RequestError | undefined)?.status ?? ''}`,
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
    // A link used before ends the flow, not as a failure: the member is told to log in (decision 105).
    if (snapshot.matches('alreadyVerified')) {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ user: null, error: EMAIL_ALREADY_VERIFIED });
    }
    // The chart marks a failed verification, and only that, as an error.
    expect(snapshot.hasTag('error')).toBe(snapshot.matches('failed'));
    // The member may continue from the verified view without waiting the 3 s; a link with a token
    // hands on the verified user, `verified=true` alone has none.
    if (step.event.type === 'verification.continue') {
      expect(snapshot.status).toBe('done');
      expect(snapshot.output).toEqual({ user: snapshot.context.token ? verified : null, error: null });
    }
    if (snapshot.matches('skipped')) expect(snapshot.context.enabled && snapshot.context.token).toBeFalsy();
    if (snapshot.hasTag('view:emailVerified')) expect(snapshot.context.error).toBeNull();
  },
});

const link: EmailVerificationInput = { token: 'link-token', verified: false, enabled: true };
const answering = (fetched: unknown, updated: unknown = verified) =>
  emailVerificationMachine.provide({
    actors: {
      fetchUserByToken: fromPromise(async () => fetched as typeof unverified),
      markEmailVerified: fromPromise(async () => {
        if (updated instanceof Error) throw updated;
        return updated as typeof verified;
      }),
    },
  });

/** The verification invoked beside a fake session, as the signup modal runs it; the session's mail. */
function withSession(verification: ReturnType<typeof answering>) {
  const received: unknown[] = [];
  const parent = setup({
    actors: {
      session: fromCallback(({ receive }) => {
        receive((event) => received.push(event));
      }),
      verification,
    },
  }).createMachine({
    invoke: [
      { id: 'session', src: 'session', systemId: 'session' },
      { id: 'verification', src: 'verification', input: link },
    ],
  });
  const actor = createActor(parent).start();
  return { received, verification: actor.getSnapshot().children.verification as AnyActorRef };
}

describe('the verified member is handed to the session', () => {
  it('the session receives the verified user with its fresh session token, once', async () => {
    const { received, verification } = withSession(answering(unverified));
    await waitFor(verification, (s) => s.hasTag('view:emailVerified'));
    expect(received).toEqual([{ type: 'user.received', user: verified }]);
  });

  it('a failed update hands nothing to the session', async () => {
    const { received, verification } = withSession(
      answering(unverified, new Error('Failed to verify email')),
    );
    await waitFor(verification, (s) => s.status === 'done');
    expect(received).toEqual([]);
  });

  it('without a session the email is still verified, and the user is sent nowhere', async () => {
    const actor = createActor(answering(unverified), { input: link });
    const errors: unknown[] = [];
    const sent: string[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.system.inspect((event) => {
      if (event.type === '@xstate.event') sent.push(event.event.type);
    });
    actor.start();
    await waitFor(actor, (s) => s.hasTag('view:emailVerified') || s.status !== 'active');
    expect(errors).toEqual([]);
    expect(actor.getSnapshot().context.user).toEqual(verified);
    expect(sent).not.toContain('user.received');
  });
});

describe('a verification that cannot go on stops rather than guess', () => {
  it('an answer without a user updates nothing', async () => {
    const updates: unknown[] = [];
    const actor = createActor(
      answering(undefined).provide({
        actors: {
          markEmailVerified: fromPromise(async ({ input }) => {
            updates.push(input);
            return verified;
          }),
        },
      }),
      { input: link },
    );
    actor.subscribe({ error: () => {} });
    actor.start();
    await expect(waitFor(actor, (s) => s.status !== 'active')).rejects.toThrow(/user/);
    expect(updates).toEqual([]);
  });

  it('a call that fails without a reason is a failed verification', async () => {
    const actor = createActor(
      emailVerificationMachine.provide({
        actors: { fetchUserByToken: fromPromise(() => Promise.reject(undefined)) },
      }),
      { input: link },
    );
    actor.start();
    const done = await waitFor(actor, (s) => s.status !== 'active');
    expect(done.output).toEqual({ user: null, error: EMAIL_VERIFICATION_FAILED });
  });

  // A server call the app forgot to provide fails loudly, naming the call, instead of doing nothing.
  it.each([
    ['fetchUserByToken', emailVerificationMachine],
    [
      'markEmailVerified',
      emailVerificationMachine.provide({ actors: { fetchUserByToken: fromPromise(async () => unverified) } }),
    ],
  ])('%s not provided: the verification fails, naming it', async (name, machine) => {
    const actor = createActor(machine, { input: link });
    const errors: string[] = [];
    actor.system.inspect((event) => {
      if (event.type === '@xstate.event' && event.event.type.startsWith('xstate.error.actor')) {
        errors.push(String((event.event as { error?: Error }).error?.message));
      }
    });
    actor.start();
    const done = await waitFor(actor, (s) => s.status !== 'active');
    expect(done.status).toBe('done');
    expect(done.output?.error).toBe(EMAIL_VERIFICATION_FAILED);
    expect(errors).toEqual([`${name} must be provided with .provide()`]);
  });
});

it('the member continues from the verified view at once, without waiting the 3 s', async () => {
  const actor = createActor(answering(unverified), { input: link }).start();
  await waitFor(actor, (s) => s.hasTag('view:emailVerified'));
  actor.send({ type: 'verification.continue' });
  expect(actor.getSnapshot().status).toBe('done');
  expect(actor.getSnapshot().output).toEqual({ user: verified, error: null });
});

it("the spec's email verification rules judge this machine's steps", () => {
  // The oracle finds a flow's rules by the id of the machine that runs it.
  expect(RULES[emailVerificationMachine.id]).toBe(emailVerificationRules);
});
