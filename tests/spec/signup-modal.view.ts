// What the signup modal's rules see of a step: the context's visible parts, as the spec names them,
// and which step the modal shows. Written from the spec; nothing here comes from machines/.
import type { AnyMachineSnapshot } from 'xstate';
import { contextOf, field, type PlanView, type SpecStep, seen, subscribed, type UserView } from './rule.ts';

export interface ModalView {
  modalType: string;
  offer: {
    kind: string;
    productId: string | null;
    plans: PlanView[];
    subscription: { plans: PlanView[] };
    enableEmailVerification: boolean;
    promoCode: string | null;
  };
  place: {
    path: string;
    token: string | null;
    verified: boolean;
    coupon: string | null;
    campaign: string | null;
  };
  user: UserView | null;
  selectedOrder: { sku: string | null; plan: string | null } | null;
  error: string | null;
  openedAt: number;
  /** What step 1 opens on: the form of the modal type, a link's verification, check your inbox. */
  authStart?: string;
}

/** Spec 8's client message keys: the only keys the flow may show. */
export const CLIENT_KEYS = [
  'signup.pleaseEnterEmailAndPassword',
  'signup.verifyEmail.error',
  'signup.pleaseSelectSubscription',
  'signup.emailVerificationFailed',
];
export const VERIFY_BEFORE_CHECKOUT = 'Please verify your email before proceeding to checkout';

export type Shown = 'closed' | 1 | 2 | 3 | 'checkout';

/** Which step the modal shows: the screens read the same tags to draw the step. */
export function shown(snapshot: AnyMachineSnapshot | undefined): Shown {
  if (!snapshot?.hasTag('modal:open')) return 'closed';
  if (snapshot.hasTag('step:auth')) return 1;
  if (snapshot.hasTag('step:challenge')) return 2;
  if (snapshot.hasTag('step:plans')) return 3;
  return 'checkout';
}

export const ctx = (step: SpecStep) => contextOf<ModalView>(step.after);
export const before = (step: SpecStep) => contextOf<ModalView>(step.before);
export const activeChallenge = (view: ModalView) => view.offer.kind !== 'subscription';
export const is = (type: string) => (step: SpecStep) => step.event.type === type;
export const back = (from: Shown) => (step: SpecStep) =>
  is('modal.back')(step) && shown(step.before) === from;
export const expectShown = (expected: Shown) => (step: SpecStep) =>
  shown(step.after) === expected ? null : `step ${seen(shown(step.after))}`;
export const checkoutStarted = (step: SpecStep) => step.started.find((call) => call.name === 'checkout');
export const output = (step: SpecStep) =>
  field<{ plan?: string | null; error?: string | null }>(step.event, 'output');
export const withLink = (view: ModalView) =>
  view.offer.enableEmailVerification && (Boolean(view.place.token) || view.place.verified);
/** Spec 5: a course's plans are its one-time plans, sorted by amount descending. */
export const firstCoursePlan = (view: ModalView) =>
  view.offer.plans
    .filter((plan) => plan.type === 'one_time')
    .sort((a, b) => (b.amount ?? 0) - (a.amount ?? 0))[0];
export const nothingChosen = (view: ModalView) =>
  !view.selectedOrder?.plan && !(view.selectedOrder?.sku && subscribed(view.user, view.openedAt));
