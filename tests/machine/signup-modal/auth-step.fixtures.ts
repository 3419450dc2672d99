// The account step run beside a fake session, and the login form, shared by its behaviour tests.
import { type AnyActorRef, createActor, fromCallback, setup } from 'xstate';
import { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import type { AuthStepInput } from '../../../machines/signup-modal/signup-modal.types.ts';
import { place, subscriptionOffer } from './offers.ts';

/** The account step invoked beside a fake session (as the modal runs it, or alone); the session's mail. */
export function besideSession(input: AuthStepInput, machine = authStepMachine, withSession = true) {
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

export const loginForm: AuthStepInput = {
  modalType: 'login',
  start: 'form',
  offer: subscriptionOffer,
  place,
  user: null,
};
