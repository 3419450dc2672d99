// The flows the modal's components read; given once by the modal's root.
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import type { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';

/**
 * What the modal reads from the running app's flows. The modal states it and the flows, which load
 * the modal, satisfy it, so the modal's code never imports the flows' wiring.
 */
export interface ModalFlows {
  signupModal: ActorRefFrom<typeof signupModalMachine>;
}

export const FlowsContext = createContext<ModalFlows | null>(null);

export function useFlows() {
  const flows = useContext(FlowsContext);
  if (!flows) throw new Error('the signup modal needs its flows');
  return flows;
}

export function useModalActor() {
  return useFlows().signupModal;
}

export type AuthStepRef = ActorRefFrom<typeof authStepMachine>;

/** Step 1's own machine, while the modal is on step 1. */
export const AuthStepContext = createContext<AuthStepRef | null>(null);

export function useAuthStep(): AuthStepRef {
  const step = useContext(AuthStepContext);
  if (!step) throw new Error('step 1 screens need the account step');
  return step;
}
