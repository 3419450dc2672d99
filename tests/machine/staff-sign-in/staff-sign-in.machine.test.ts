import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { staffSignInMachine } from '../../../machines/staff-sign-in/staff-sign-in.machine.ts';
import { problemOf } from '../../../machines/staff-sign-in/staff-sign-in.setup.ts';
import type { InviteView } from '../../../machines/staff-sign-in/staff-sign-in.types.ts';
import { StudioRequestError } from '../../../machines/studio-error.ts';
import { describeModel, expectLoadingWhileCalling } from '../model.ts';

const domError = (name: string) => Object.assign(new Error(`${name} from the browser`), { name });
const CANCELLED = domError('NotAllowedError');
const ALREADY_REGISTERED = domError('InvalidStateError');
const REFUSED = new StudioRequestError('This passkey is not one of the studio’s.', 401);
const LIMITED = new StudioRequestError('Too many attempts. Try again in 15 minutes.', 429);
const EXPIRED = new StudioRequestError('This link has expired or was already used.', 410);
const OFFLINE = new StudioRequestError('errors.network', 0);
const OWNER = { id: 'st_1', email: 'owner@example.com', name: 'Olga', role: 'owner' as const };
const INVITE: InviteView = {
  email: 'coach@example.com',
  role: 'coach' as const,
  trainerName: 'Fit',
  expiresAt: '2026-12-05',
};

const VIEWS = [
  'view:signIn',
  'view:linkSent',
  'view:link',
  'view:linkFailed',
  'view:invite',
  'view:inviteFailed',
  'view:signedIn',
];
const errors = (type: string, list: Error[]) => list.map((error) => ({ type, error }));

describeModel('staff sign-in machine', staffSignInMachine, {
  samples: {
    'link.request': [
      { type: 'link.request', email: 'owner@example.com' },
      { type: 'link.request', email: 'not an address' },
    ],
    'invite.accept': [
      { type: 'invite.accept', name: 'Carla', deviceName: 'Phone' },
      { type: 'invite.accept', name: '  ', deviceName: '' },
    ],
    'xstate.done.actor.passkeyOptions': [
      { type: 'xstate.done.actor.passkeyOptions', output: { challenge: 'c1' } },
    ],
    'xstate.error.actor.passkeyOptions': errors('xstate.error.actor.passkeyOptions', [LIMITED, OFFLINE]),
    'xstate.done.actor.authenticate': [{ type: 'xstate.done.actor.authenticate', output: { id: 'cred' } }],
    'xstate.error.actor.authenticate': errors('xstate.error.actor.authenticate', [
      CANCELLED,
      ALREADY_REGISTERED,
    ]),
    'xstate.done.actor.verifyPasskey': [{ type: 'xstate.done.actor.verifyPasskey', output: OWNER }],
    'xstate.error.actor.verifyPasskey': errors('xstate.error.actor.verifyPasskey', [REFUSED, LIMITED]),
    'xstate.done.actor.requestLink': [{ type: 'xstate.done.actor.requestLink', output: undefined }],
    'xstate.error.actor.requestLink': errors('xstate.error.actor.requestLink', [LIMITED]),
    'xstate.done.actor.verifyLink': [{ type: 'xstate.done.actor.verifyLink', output: OWNER }],
    'xstate.error.actor.verifyLink': errors('xstate.error.actor.verifyLink', [EXPIRED, OFFLINE]),
    'xstate.done.actor.readInvite': [{ type: 'xstate.done.actor.readInvite', output: INVITE }],
    'xstate.error.actor.readInvite': errors('xstate.error.actor.readInvite', [EXPIRED, OFFLINE]),
    'xstate.done.actor.inviteOptions': [
      { type: 'xstate.done.actor.inviteOptions', output: { challenge: 'c2' } },
    ],
    'xstate.error.actor.inviteOptions': errors('xstate.error.actor.inviteOptions', [EXPIRED]),
    'xstate.done.actor.register': [{ type: 'xstate.done.actor.register', output: { id: 'new-cred' } }],
    'xstate.error.actor.register': errors('xstate.error.actor.register', [CANCELLED]),
    'xstate.done.actor.acceptInvite': [
      { type: 'xstate.done.actor.acceptInvite', output: { ...OWNER, role: 'coach' } },
    ],
    'xstate.error.actor.acceptInvite': errors('xstate.error.actor.acceptInvite', [EXPIRED]),
  },
  inputs: [
    { label: 'sign-in page: ', input: { start: 'signIn' } },
    { label: 'emailed link: ', input: { start: 'link', token: 'tok' } },
    { label: 'invite: ', input: { start: 'invite', token: 'inv' } },
  ],
  check: (snapshot) => {
    expectLoadingWhileCalling(snapshot, [
      'passkeyOptions',
      'authenticate',
      'verifyPasskey',
      'requestLink',
      'verifyLink',
      'readInvite',
      'inviteOptions',
      'register',
      'acceptInvite',
    ]);
    expect(VIEWS.filter((tag) => snapshot.hasTag(tag))).toHaveLength(1);
    // A problem is said only where the person can act on it.
    if (snapshot.context.problem !== null) expect(snapshot.hasTag('view:signedIn')).toBe(false);
  },
});

describe('what the sign-in page says of a failure', () => {
  it.each([
    [CANCELLED, false, 'cancelled'],
    [domError('AbortError'), false, 'cancelled'],
    [ALREADY_REGISTERED, false, 'notAllowed'],
    [REFUSED, false, 'notAllowed'],
    [LIMITED, true, 'rateLimited'],
    [EXPIRED, true, 'linkExpired'],
    [new StudioRequestError('gone', 404), true, 'linkExpired'],
    [new StudioRequestError('gone', 404), false, 'notAllowed'],
    [OFFLINE, false, 'failed'],
    [new Error('odd'), false, 'failed'],
  ])('%s (a link: %s) is %s', (error, link, problem) => {
    expect(problemOf(error, link)).toBe(problem);
  });

  it('accepts an invite with the passkey the browser made, the name trimmed', async () => {
    let accepted: unknown;
    const actor = createActor(
      staffSignInMachine.provide({
        actors: {
          readInvite: fromPromise(async (): Promise<InviteView> => INVITE),
          inviteOptions: fromPromise(async (): Promise<unknown> => ({ challenge: 'c2' })),
          register: fromPromise(async (): Promise<unknown> => ({ id: 'new-cred' })),
          acceptInvite: fromPromise(async ({ input }) => {
            accepted = input;
            return { ...OWNER, role: 'coach' as const };
          }),
        },
      }),
      { input: { start: 'invite', token: 'inv' } },
    ).start();
    await waitFor(actor, (s) => s.matches('invited'));
    actor.send({ type: 'invite.accept', name: ' Carla ', deviceName: 'Phone' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(accepted).toEqual({
      token: 'inv',
      name: 'Carla',
      deviceName: 'Phone',
      response: { id: 'new-cred' },
    });
  });
});
