// The address's rules (spec 2, query parameters and the profile area): an emailed link opens the
// signup modal and only then leaves the address; a members-only page's token signs the member in; a
// plan chosen on Home is in the address (`plan`) before the signup modal opens on it (decision 114).
import { type Rule, type SpecStep, seen } from './rule.ts';

interface AddressView {
  token: string | null;
  opensModal: boolean;
  needsMember: boolean;
}

const is = (type: string) => (step: SpecStep) => step.event.type === type;
/** The address the step brings: the one the flow starts with, or a new one. */
function arriving(step: SpecStep): AddressView | null {
  if (step.index === 0) return (step.input as { address: AddressView }).address;
  return is('address.changed')(step) ? (step.event as unknown as AddressView) : null;
}
/**
 * While a link is being followed (the modal opening, the token signing in) or a chosen plan is being
 * written into the address, a new address waits.
 */
const opening = (step: SpecStep) =>
  Boolean(
    step.before?.children.openSignupModal ||
      step.before?.children.signInWithLink ||
      step.before?.children.writePlan,
  );
const startedNamed = (step: SpecStep, name: string) => step.started.find((call) => call.name === name);
/** The signup modal asked for on the plan now in the address. */
const MODAL_ON_PLAN = 'openSignupModalOnPlan';

export const addressRules: Rule[] = [
  {
    id: 'spec-2-link-opens-modal',
    section: '2',
    says: 'a link with openModal=true (or verified=true) opens the signup modal',
    applies: (step) => Boolean(arriving(step)?.opensModal) && !opening(step),
    check: (step) => (startedNamed(step, 'openSignupModal') ? null : `started ${seen(step.started)}`),
  },
  {
    id: 'spec-2-link-stays-until-open',
    section: '2',
    says: "the link's parameters stay in the address until the modal has opened with them",
    applies: (step) => Boolean(startedNamed(step, 'openSignupModal')),
    check: (step) => (step.ran.includes('removeLinkParams') ? `ran ${seen(step.ran)}` : null),
  },
  {
    id: 'spec-2-link-then-removed',
    section: '2',
    says: 'once the modal has opened (or could not), the link leaves the address',
    applies: (step) =>
      is('xstate.done.actor.openSignupModal')(step) || is('xstate.error.actor.openSignupModal')(step),
    check: (step) => (step.ran.includes('removeLinkParams') ? null : `ran ${seen(step.ran)}`),
  },
  {
    id: 'spec-2-members-page-token',
    section: '2',
    says: "on /profile and /email-verified a link's token loads the user with that token",
    applies: (step) => {
      const address = arriving(step);
      return Boolean(address?.needsMember && address.token && !address.opensModal) && !opening(step);
    },
    check: (step) => {
      const call = startedNamed(step, 'signInWithLink');
      return seen(call?.input) === seen({ token: arriving(step)?.token })
        ? null
        : `started ${seen(step.started)}`;
    },
  },
  {
    id: 'spec-2-chosen-plan-to-address',
    section: '2',
    says: "a plan chosen from Home's prices is written into the address as plan=<priceId>, before any modal",
    applies: (step) => is('plan.chosen')(step) && !opening(step),
    check: (step) => {
      const call = startedNamed(step, 'writePlan');
      if (seen(call?.input) !== seen({ plan: step.event.plan })) return `started ${seen(step.started)}`;
      return step.ran.includes(MODAL_ON_PLAN) ? `ran ${seen(step.ran)}` : null;
    },
  },
  {
    id: 'spec-2-plan-then-signup-modal',
    section: '2',
    says: 'once the address has the chosen plan, the signup modal opens, reading the plan from it',
    applies: is('xstate.done.actor.writePlan'),
    check: (step) => (step.ran.includes(MODAL_ON_PLAN) ? null : `ran ${seen(step.ran)}`),
  },
  {
    id: 'spec-2-no-plan-no-modal',
    section: '2',
    says: 'an address that could not take the chosen plan opens no modal without it',
    applies: is('xstate.error.actor.writePlan'),
    check: (step) => (step.ran.includes(MODAL_ON_PLAN) ? `ran ${seen(step.ran)}` : null),
  },
];
