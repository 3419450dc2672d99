// The signup modal's rules (spec 2, 4): how it opens, the steps after step 1, the back arrow.
import { field, type Rule, type SpecStep, seen } from './rule.ts';
import {
  activeChallenge,
  back,
  before,
  ctx,
  expectShown,
  is,
  type Shown,
  shown,
  withLink,
} from './signup-modal.view.ts';

type Who = 'visitor' | 'member';
type OnSale = 'subscription' | 'challenge' | 'course';

/**
 * Spec 2: "Back arrow: on step 1 closes the modal; from step 3 goes to step 2 if there is an active
 * challenge, else to step 1; otherwise back one step." The spec says it once for everyone, so a
 * visitor and a signed-in member get the same row. Null where the step never shows: with nothing but
 * the membership on sale there is no step 2, and a course has 2 steps (spec 2's progress indicator).
 */
export const BACK_ARROW: Record<Who, Record<OnSale, Record<1 | 2 | 3, Shown | null>>> = {
  visitor: {
    subscription: { 1: 'closed', 2: null, 3: 1 },
    challenge: { 1: 'closed', 2: 1, 3: 2 },
    course: { 1: 'closed', 2: 1, 3: null },
  },
  member: {
    subscription: { 1: 'closed', 2: null, 3: 1 },
    challenge: { 1: 'closed', 2: 1, 3: 2 },
    course: { 1: 'closed', 2: 1, 3: null },
  },
};

const whoOf = (step: SpecStep): Who => (before(step).user ? 'member' : 'visitor');
const onSaleOf = (step: SpecStep): OnSale => before(step).offer.kind as OnSale;
const where = (shown: Shown) => (shown === 'closed' ? 'closes the modal' : `goes to step ${shown}`);

/** One rule per cell of the table, so a cell no path reaches is named by the rules' coverage. */
function backArrowRules(): Rule[] {
  return (Object.keys(BACK_ARROW) as Who[]).flatMap((who) =>
    (Object.keys(BACK_ARROW[who]) as OnSale[]).flatMap((onSale) =>
      ([1, 2, 3] as const).flatMap((from): Rule[] => {
        const to = BACK_ARROW[who][onSale][from];
        if (to === null) return [];
        return [
          {
            id: `spec-2-back-${who}-${onSale}-step-${from}`,
            section: '2',
            says: `the back arrow on step ${from} ${where(to)} (a ${who}'s modal, ${onSale === 'subscription' ? 'no challenge' : `a ${onSale}`} on sale)`,
            applies: (step) => back(from)(step) && whoOf(step) === who && onSaleOf(step) === onSale,
            check: expectShown(to),
          },
        ];
      }),
    ),
  );
}

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
    id: 'spec-4-step-1-ends-signed-in',
    section: '4',
    says: "step 1 ends with a signed-in member: it is where one signs up or logs in, and the plans lead to checkout, which is the member's (spec 7: it carries their token)",
    applies: is('xstate.done.actor.authStep'),
    check: (step) => (ctx(step).user ? null : 'nobody signed in'),
  },
  {
    id: 'spec-4-account-continue',
    section: '4',
    says: "Continue on a signed-in member's step 1 follows the steps after a login: 'signup.verifyEmail.error' with verification on and the email unverified, else step 2 with an active challenge, else step 3",
    applies: is('account.continue'),
    check: (step) => {
      const view = before(step);
      if (view.offer.enableEmailVerification && view.user?.email_verified === false) {
        const error = expectShown(1)(step);
        return error ?? (ctx(step).error === 'signup.verifyEmail.error' ? null : `error ${ctx(step).error}`);
      }
      return expectShown(activeChallenge(view) ? 2 : 3)(step);
    },
  },
  {
    id: 'spec-4-sign-out-clears-order',
    section: '4',
    says: "sign-out clears the selected order: after 'Not you? Log out' step 1 shows the forms, with no member and no order",
    applies: (step) => is('member.signedOut')(step) && shown(step.before) === 1,
    check: (step) => {
      const { user, selectedOrder } = ctx(step);
      const wrong = expectShown(1)(step);
      if (wrong) return wrong;
      return user === null && selectedOrder === null
        ? null
        : `member ${user ? 'kept' : 'gone'}, order ${seen(selectedOrder)}`;
    },
  },
  ...backArrowRules(),
];
