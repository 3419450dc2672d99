// The upgrade offer's rules (spec 4): who is offered the annual plan, and what each choice does.
import { type Rule, type SpecStep, seen } from './rule.ts';

interface UpgradeInputView {
  planType: string | null;
  annualPlanId: string | null;
}

/** Spec 4: monthly and quarterly subscribers are offered the annual plan; annual ones only continue. */
const OFFERED_UPGRADE = ['monthly', 'quarterly'];

const given = (step: SpecStep) => step.input as UpgradeInputView;
const choices = (step: SpecStep) =>
  ['upgrade.accept', 'upgrade.decline', 'upgrade.continue'].filter((type) => step.after.can({ type }));
const output = (step: SpecStep) => (step.after as unknown as { output?: { plan: string | null } }).output;

export const upgradeRules: Rule[] = [
  {
    id: 'spec-4-upgrade-offered',
    section: '4',
    says: "a monthly or quarterly subscriber may choose 'want to upgrade' or decline",
    // 'Want to upgrade' selects the annual plan: without one on sale there is nothing to offer.
    applies: (step) =>
      step.index === 0 &&
      OFFERED_UPGRADE.includes(given(step).planType ?? '') &&
      given(step).annualPlanId !== null,
    check: (step) => {
      const offered = choices(step);
      return offered.includes('upgrade.accept') && offered.includes('upgrade.decline')
        ? null
        : `choices ${seen(offered)}`;
    },
  },
  {
    id: 'spec-4-annual-only-continues',
    section: '4',
    says: 'an annual subscriber sees only continue',
    applies: (step) => step.index === 0 && given(step).planType === 'annual',
    check: (step) =>
      seen(choices(step)) === seen(['upgrade.continue']) ? null : `choices ${seen(choices(step))}`,
  },
  {
    id: 'spec-4-upgrade-selects-annual',
    section: '4',
    says: "'want to upgrade' selects the annual plan and proceeds",
    applies: (step) => step.event.type === 'upgrade.accept',
    check: (step) =>
      step.after.status === 'done' && output(step)?.plan === given(step).annualPlanId
        ? null
        : `output ${seen(output(step))}`,
  },
  {
    id: 'spec-4-decline-proceeds',
    section: '4',
    says: 'declining (or continuing) proceeds without a new plan',
    applies: (step) => step.event.type === 'upgrade.decline' || step.event.type === 'upgrade.continue',
    check: (step) =>
      step.after.status === 'done' && output(step)?.plan === null ? null : `output ${seen(output(step))}`,
  },
];
