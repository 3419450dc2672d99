// What the modal's and the account step's guards read: snapshots that agree on it behave alike, so
// path generation counts them as one state.
import type { SnapshotFrom } from 'xstate';
import type { authStepMachine } from '../../../machines/signup-modal/auth-step.machine.ts';
import type { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';

export function modalStateKey(snapshot: SnapshotFrom<typeof signupModalMachine>) {
  const { context } = snapshot;
  // Signing out drops the member and the order: only the form step 1 comes back to and what is on
  // sale tell one sign-out from another.
  if (snapshot.matches({ open: 'signingOut' }))
    return {
      modalType: context.modalType,
      offer: [context.offer.kind, context.offer.enableEmailVerification],
    };
  return {
    modalType: context.modalType,
    offer: [context.offer.kind, context.offer.enableEmailVerification, context.offer.plans.length],
    link: Boolean(context.place.token),
    user: context.user && [context.user.email_verified, context.user.customer.subscriptions.data.length],
    plan: context.selectedOrder?.plan ?? null,
    preselected: context.preselectedPlan,
    error: context.error,
  };
}

export function accountStateKey(snapshot: SnapshotFrom<typeof authStepMachine>) {
  const { context } = snapshot;
  return {
    user: context.user && [context.user.email_verified, context.user.customer.subscriptions.data.length],
    error: context.error,
  };
}
