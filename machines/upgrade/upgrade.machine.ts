/**
 * The "already have the plan" screen, invoked by the signup modal (`systemId: 'upgrade'`) when a
 * subscriber reaches the plans.
 *
 * Lifecycle: a monthly or quarterly subscriber is offered the annual plan: 'want to upgrade' selects
 * it and proceeds, declining proceeds with the current plan. An annual subscriber (or anyone when no
 * annual plan is sold) only continues. Either way the machine ends with the plan to check out, or
 * null, and the modal decides what proceeding means.
 *
 * Why it is shaped so: the offer is a decision the member makes once, so it is a short-lived child
 * with its own final states rather than flags in the modal's context.
 */
import { and, assign, setup } from 'xstate';
import type { UpgradeContext, UpgradeEvent, UpgradeInput, UpgradeOutput } from './upgrade.types.ts';

const UPGRADABLE_PLAN_TYPES: ReadonlySet<string> = new Set(['monthly', 'quarterly']);

export const upgradeMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as UpgradeContext,
    events: {} as UpgradeEvent,
    input: {} as UpgradeInput,
    output: {} as UpgradeOutput,
  },
  guards: {
    // Stryker disable next-line StringLiteral: any fallback that is not monthly or quarterly is not upgradable, as '' is.
    isMonthlyOrQuarterly: ({ context }) => UPGRADABLE_PLAN_TYPES.has(context.planType ?? ''),
    annualPlanOnSale: ({ context }) => context.annualPlanId !== null,
  },
}).createMachine({
  id: 'upgrade',
  description: 'The already-have-the-plan screen: upgrade to annual, or continue.',
  meta: {
    guards: {
      isMonthlyOrQuarterly: "The member's current plan is monthly or quarterly.",
      annualPlanOnSale: 'The trainer sells an annual plan to upgrade to.',
    },
    delays: {},
  },
  context: ({ input }) => ({ ...input, choice: null }),
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Chooses the screen for the current plan.',
      always: [
        {
          guard: and(['isMonthlyOrQuarterly', 'annualPlanOnSale']),
          target: 'offeringUpgrade',
          description: 'Monthly and quarterly subscribers are offered the annual plan.',
        },
        {
          target: 'offeringContinue',
          // Names who takes this default branch, plan type by plan type: a test over the six plan types
          // holds it to the guards above (tests/machine/upgrade).
          description:
            'Any other member (an annual, biannual, weekly or daily plan), and every member when no annual plan is on sale: only continues.',
        },
      ],
    },
    offeringUpgrade: {
      description: "Shows 'want to upgrade' and the option to decline.",
      tags: ['screen:alreadyHavePlan', 'upgrade:offer'],
      on: {
        'upgrade.accept': {
          target: 'done',
          description: 'Selects the annual plan and proceeds.',
          actions: assign({ choice: 'upgrade' }),
        },
        'upgrade.decline': {
          target: 'done',
          description: 'Keeps the current plan and proceeds.',
          actions: assign({ choice: 'continue' }),
        },
      },
    },
    offeringContinue: {
      description: 'Shows only continue.',
      tags: ['screen:alreadyHavePlan'],
      on: {
        'upgrade.continue': {
          target: 'done',
          description: 'Proceeds with the current plan.',
          actions: assign({ choice: 'continue' }),
        },
      },
    },
    done: { type: 'final', description: 'The member decided.' },
  },
  output: ({ context }) => ({ plan: context.choice === 'upgrade' ? context.annualPlanId : null }),
});
