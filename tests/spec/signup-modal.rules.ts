// The signup modal's rules (spec 2, 4): how it opens, the steps after step 1, the back arrow.
import { field, type Rule } from './rule.ts';
import {
  activeChallenge,
  back,
  before,
  ctx,
  expectShown,
  is,
  type Shown,
  withLink,
} from './signup-modal.view.ts';

export const signupModalRules: Rule[] = [
  {
    id: 'spec-2-hidden-by-default',
    section: '2',
    says: 'the modal is hidden by default',
    applies: (step) => step.index === 0,
    check: expectShown('closed'),
  },
  {
    id: 'spec-2-default-type-signup',
    section: '2',
    says: 'the modal type is signup or login, signup by default',
    applies: is('modal.open'),
    check: (step) => {
      const expected = field<string | undefined>(step.event, 'modalType') ?? 'signup';
      return ctx(step).modalType === expected ? null : `type ${ctx(step).modalType}`;
    },
  },
  {
    id: 'spec-2-initial-step-1',
    section: '2',
    says: 'a visitor opening the modal with no step lands on step 1',
    applies: (step) =>
      is('modal.open')(step) && !field(step.event, 'step') && !ctx(step).user && !withLink(ctx(step)),
    check: expectShown(1),
  },
  {
    id: 'spec-2-initial-step',
    section: '2',
    says: 'a modal opened on step 3 shows step 3, on step 2 with an active challenge step 2',
    applies: (step) =>
      is('modal.open')(step) &&
      !withLink(ctx(step)) &&
      (field(step.event, 'step') === 3 || (field(step.event, 'step') === 2 && activeChallenge(ctx(step)))),
    check: (step) => expectShown(field<Shown>(step.event, 'step'))(step),
  },
  {
    id: 'spec-4-after-step-1',
    section: '4',
    says: 'after step 1 the flow goes to step 2 if there is an active challenge, else to step 3',
    applies: is('xstate.done.actor.authStep'),
    check: (step) => expectShown(activeChallenge(ctx(step)) ? 2 : 3)(step),
  },
  {
    id: 'spec-2-back-from-step-1',
    section: '2',
    says: 'the back arrow on step 1 closes the modal',
    applies: back(1),
    check: expectShown('closed'),
  },
  {
    id: 'spec-2-back-from-step-3-challenge',
    section: '2',
    says: 'the back arrow on step 3 goes to step 2 when there is an active challenge',
    applies: (step) => back(3)(step) && activeChallenge(before(step)),
    check: expectShown(2),
  },
  {
    id: 'spec-2-back-from-step-3',
    section: '2',
    says: "the back arrow on step 3 goes to step 1 when there is no active challenge (a visitor's modal)",
    applies: (step) => back(3)(step) && !activeChallenge(before(step)) && !before(step).user,
    check: expectShown(1),
  },
  {
    id: 'spec-2-back-from-step-3-member',
    section: '2',
    says: "the back arrow on step 3 goes to step 1 when there is no active challenge (a member's modal)",
    knownDeviation: 'a signed-in member has no account step to go back to: the chart closes the modal',
    applies: (step) => back(3)(step) && !activeChallenge(before(step)) && Boolean(before(step).user),
    check: expectShown(1),
  },
  {
    id: 'spec-2-back-from-step-2',
    section: '2',
    says: "the back arrow on step 2 goes back one step, to step 1 (a visitor's modal)",
    applies: (step) => back(2)(step) && !before(step).user,
    check: expectShown(1),
  },
  {
    id: 'spec-2-back-from-step-2-member',
    section: '2',
    says: "the back arrow on step 2 goes back one step, to step 1 (a member's modal)",
    knownDeviation: 'a signed-in member has no account step to go back to: the chart closes the modal',
    applies: (step) => back(2)(step) && Boolean(before(step).user),
    check: expectShown(1),
  },
];
