// The app's flows started on a fake API, as the flow tests share them.
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import { startAppFlows } from '../../../src/flows/flows.ts';
import { STORED_USER_KEY } from '../../../src/lib/stored-user.ts';
import { user } from '../../machine/fixtures.ts';
import { effects, fakeApi } from './fake-api.ts';

export const member = user({ token: 'stored-token' });

/** Step 1 of the open modal: the account step's own actor, which the forms talk to. */
export function accountStep(modal: AnyActorRef | undefined): ActorRefFrom<typeof authStepMachine> {
  const step = modal?.getSnapshot().children.authStep;
  if (!step) throw new Error('the modal is not on step 1');
  return step as ActorRefFrom<typeof authStepMachine>;
}
export const ok = (body: object, status = 200) => ({ status, body: { success: true, ...body } });
export const fail = (status: number, message: string) => ({ status, body: { success: false, message } });

export function startWith(routes: Parameters<typeof fakeApi>[0], stored?: object) {
  const api = fakeApi(routes);
  const fx = effects();
  if (stored) fx.storage.setItem(STORED_USER_KEY, JSON.stringify(stored));
  const flows = startAppFlows({
    ...fx,
    trainerId: 'trainer-1',
    baseUrl: 'http://site.test',
    fetch: api.fetch,
  });
  if (!flows.session) throw new Error('no session actor');
  return { ...flows, session: flows.session, fx, requests: api.requests };
}
