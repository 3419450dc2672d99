// The signup modal's rules on what the member chooses and who they are (spec 2, 4, 6): a plan card
// selects its plan, a course's last step asks for one, the modal keeps the member the session reports,
// a signed-in member's step 1 is the account view, a step keeps its messages to itself.
import { field, type Rule, type SpecStep, seen, type UserView } from './rule.ts';
import { before, ctx, expectShown, is, nothingChosen, shown } from './signup-modal.view.ts';

const startedAccountStep = (step: SpecStep) =>
  step.started.find((call) => call.name === 'authStep')?.input as
    | { modalType?: string; start?: string }
    | undefined;

export const signupModalChoicesRules: Rule[] = [
  {
    id: 'spec-2-closed-modal-holds-nothing',
    section: '2',
    says: 'the hidden modal holds nothing of a visit: type signup, no plans, no member, no order, no link, verification off',
    applies: (step) => step.index === 0,
    check: (step) => {
      const view = ctx(step);
      const held = {
        modalType: view.modalType,
        kind: view.offer.kind,
        plans: view.offer.plans.length + view.offer.subscription.plans.length,
        verification: view.offer.enableEmailVerification,
        link: [view.place.path, view.place.token, view.place.verified],
        user: view.user,
        order: view.selectedOrder,
        start: view.authStart,
      };
      const empty = {
        modalType: 'signup',
        kind: 'subscription',
        plans: 0,
        verification: false,
        link: ['/', null, false],
        user: null,
        order: null,
        start: 'form',
      };
      return seen(held) === seen(empty) ? null : `held ${seen(held)}`;
    },
  },
  {
    id: 'spec-2-step-1-opens-on-its-form',
    section: '2',
    says: 'step 1 without a link opens on the form of the modal type (signup or login)',
    applies: (step) =>
      startedAccountStep(step) !== undefined &&
      !ctx(step).user &&
      !(ctx(step).offer.enableEmailVerification && (ctx(step).place.token || ctx(step).place.verified)),
    check: (step) => {
      const input = startedAccountStep(step);
      return input?.start === 'form' && input.modalType === ctx(step).modalType
        ? null
        : `account step started with ${seen({ start: input?.start, modalType: input?.modalType })}`;
    },
  },
  {
    id: 'spec-4-plan-card-selects',
    section: '4',
    says: "a plan card selects its plan (the product and the price), answering 'Please select a subscription'",
    applies: (step) => is('plan.select')(step) && (shown(step.before) === 2 || shown(step.before) === 3),
    check: (step) => {
      const expected = { sku: field(step.event, 'sku'), plan: field(step.event, 'plan') };
      const { selectedOrder, error } = ctx(step);
      return seen(selectedOrder) === seen(expected) && error !== 'signup.pleaseSelectSubscription'
        ? null
        : `selected ${seen(selectedOrder)}, error ${seen(error)}`;
    },
  },
  {
    id: 'spec-4-course-select-a-plan',
    section: '4',
    says: "Next on a course's last step (step 2) with nothing selected shows 'signup.pleaseSelectSubscription'",
    applies: (step) =>
      is('plans.next')(step) &&
      shown(step.before) === 2 &&
      before(step).offer.kind === 'course' &&
      nothingChosen(before(step)),
    check: (step) =>
      shown(step.after) === 2 && ctx(step).error === 'signup.pleaseSelectSubscription'
        ? null
        : `step ${seen(shown(step.after))}, error ${seen(ctx(step).error)}`,
  },
  {
    id: 'spec-4-modal-keeps-reported-member',
    section: '4',
    says: 'signed in when a user exists: the open modal keeps the member the session reports',
    applies: (step) => is('auth.succeeded')(step) && shown(step.before) !== 'closed',
    check: (step) => {
      const reported = field<UserView>(step.event, 'user');
      return ctx(step).user === reported ? null : `member ${seen(ctx(step).user)}`;
    },
  },
  {
    id: 'spec-2-member-step-1-is-account-view',
    section: '2',
    says: "a signed-in member back on step 1 sees the account view (who is signed in, Continue, 'Not you? Log out'), not a form",
    applies: (step) => is('modal.back')(step) && shown(step.after) === 1 && Boolean(before(step).user),
    check: (step) => (step.after.hasTag('view:account') ? null : 'no account view'),
  },
  {
    id: 'spec-4-not-you-signs-out-in-place',
    section: '4',
    says: "'Not you? Log out' keeps step 1 with the account view, busy until the member is signed out",
    applies: is('account.logout'),
    check: (step) => {
      const wrong = expectShown(1)(step);
      if (wrong) return wrong;
      return step.after.hasTag('view:account') && step.after.hasTag('loading')
        ? null
        : 'not busy on the account view';
    },
  },
  {
    id: 'spec-4-signed-out-step-1-form',
    section: '4',
    says: 'once signed out on step 1, the account step starts again on the form of the modal type',
    applies: (step) => is('member.signedOut')(step) && shown(step.before) === 1,
    check: (step) => {
      const input = startedAccountStep(step);
      return input?.start === 'form' ? null : `account step started with ${seen(input?.start)}`;
    },
  },
  {
    id: 'spec-2-step-keeps-its-messages',
    section: '2',
    says: "a step's message stays on that step: moving to another step shows none",
    applies: (step) =>
      typeof shown(step.before) === 'number' &&
      typeof shown(step.after) === 'number' &&
      shown(step.before) !== shown(step.after),
    check: (step) => (ctx(step).error === null ? null : `error ${seen(ctx(step).error)}`),
  },
  {
    id: 'spec-6-manage-subscription',
    section: '6',
    says: "a subscriber's 'Manage your subscription' closes the modal on the profile's Manage My Subscription",
    applies: is('plans.manageSubscription'),
    check: (step) => {
      const wrong = expectShown('closed')(step);
      if (wrong) return wrong;
      return step.ran.includes('showManageSubscription') ? null : `ran ${seen(step.ran)}`;
    },
  },
];
