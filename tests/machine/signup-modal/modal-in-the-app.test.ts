// The signup modal as the app runs it: beside the session (`systemId: 'session'`), with its child
// flows standing in, so what the model test cannot see is pinned here: what the modal asks of the
// session, what it hands to checkout, and the cases a generated path folds into another.
// (Not named after the machine's file: the mutation run would take it for the modal's own model test.)
import { describe, expect, it } from 'vitest';
import {
  type ActorRefFrom,
  type AnyEventObject,
  createActor,
  fromCallback,
  fromPromise,
  setup,
} from 'xstate';
import { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import { NOW, plan } from '../fixtures.ts';
import {
  challengeOffer,
  courseOffer,
  monthlySubscriber,
  place,
  subscriptionOffer,
  unverifiedMember,
  verifiedMember,
} from './offers.ts';

type Modal = ActorRefFrom<typeof signupModalMachine>;

interface Options {
  /** What the account step ends with (a member signed in), or nothing: it stays open. */
  signsIn?: typeof verifiedMember;
  /** The plan the member picks on the already-have-the-plan screen (null: Continue), or nothing. */
  upgradesTo?: string | null;
  /** Whether the app's session runs beside the modal. */
  withSession?: boolean;
}

/** The modal under the app's root, beside a session that only records its mail. */
function app({ signsIn, upgradesTo, withSession = true }: Options = {}) {
  const sessionMail: AnyEventObject[] = [];
  const checkouts: Record<string, unknown>[] = [];
  const upgrades: Record<string, unknown>[] = [];
  const errors: unknown[] = [];
  const pending = () => new Promise<never>(() => {});
  const modalMachine = signupModalMachine.provide({
    actors: {
      authStep: fromPromise(async () => (signsIn ? { user: signsIn } : pending())) as never,
      upgrade: fromPromise(async ({ input }) => {
        upgrades.push(input as Record<string, unknown>);
        return upgradesTo === undefined ? pending() : { plan: upgradesTo };
      }) as never,
      checkout: fromPromise(async ({ input }) => {
        checkouts.push(input as Record<string, unknown>);
        return pending();
      }) as never,
    },
  });
  const root = setup({
    actors: {
      session: fromCallback(({ receive }) => {
        receive((event) => sessionMail.push(event));
      }),
      signupModal: modalMachine,
    },
  }).createMachine({
    invoke: [
      ...(withSession ? [{ id: 'session', src: 'session' as const, systemId: 'session' }] : []),
      { id: 'signupModal', src: 'signupModal', systemId: 'signupModal' },
    ],
  });
  const actor = createActor(root);
  // Every event any actor of the app receives, by type: what went where.
  const delivered: string[] = [];
  actor.system.inspect((inspection) => {
    if (inspection.type === '@xstate.event') delivered.push(inspection.event.type);
  });
  actor.subscribe({ error: (error) => errors.push(error) });
  actor.start();
  const modal = actor.getSnapshot().children.signupModal as Modal;
  modal.subscribe({ error: (error) => errors.push(error) });
  return { root: actor, modal, sessionMail, checkouts, upgrades, errors, delivered };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Step 1 as the member sees it, read from the screen's tags. */
const onAccountView = (modal: Modal) =>
  modal.getSnapshot().hasTag('step:auth') && modal.getSnapshot().hasTag('view:account');

describe("'Not you? Log out' asks the session to sign the member out (spec 4)", () => {
  function onTheAccountView(options: Options = {}) {
    const running = app(options);
    running.modal.send({
      type: 'modal.open',
      offer: subscriptionOffer,
      place,
      user: verifiedMember,
      now: NOW,
    });
    running.modal.send({ type: 'plan.select', sku: 'prod_sub', plan: 'price_monthly' });
    running.modal.send({ type: 'modal.back' });
    expect(onAccountView(running.modal)).toBe(true);
    return running;
  }

  it('the session receives one sign-out that keeps the member where they are, and the modal waits', () => {
    const { modal, sessionMail } = onTheAccountView();
    expect(sessionMail).toEqual([]);
    modal.send({ type: 'account.logout' });
    expect(sessionMail).toEqual([{ type: 'auth.logoutInModal' }]);
    expect(modal.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('signed out, the member and the selected order are gone and step 1 shows the form', () => {
    const { modal } = onTheAccountView();
    expect(modal.getSnapshot().context.selectedOrder).toEqual({ sku: 'prod_sub', plan: 'price_monthly' });
    modal.send({ type: 'account.logout' });
    modal.send({ type: 'member.signedOut' });
    const { context } = modal.getSnapshot();
    expect(context.user).toBeNull();
    expect(context.selectedOrder).toBeNull();
    expect(modal.getSnapshot().hasTag('step:auth')).toBe(true);
    expect(modal.getSnapshot().hasTag('view:account')).toBe(false);
    expect(context.authStart).toBe('form');
  });

  it('a member first sent to check their inbox gets the form, not the inbox, once signed out', async () => {
    // Verification on and the email unverified: step 1 opens on 'check your inbox'.
    const { modal } = app({ signsIn: unverifiedMember });
    modal.send({ type: 'modal.open', offer: challengeOffer, place, user: unverifiedMember, now: NOW });
    expect(modal.getSnapshot().context.authStart).toBe('checkInbox');
    await settled();
    expect(modal.getSnapshot().hasTag('step:challenge')).toBe(true);
    modal.send({ type: 'modal.back' });
    expect(onAccountView(modal)).toBe(true);
    modal.send({ type: 'account.logout' });
    modal.send({ type: 'member.signedOut' });
    expect(modal.getSnapshot().hasTag('step:auth')).toBe(true);
    expect(modal.getSnapshot().context.authStart).toBe('form');
  });

  it('without a session to ask, the modal still waits on the account view and nothing fails', () => {
    const { modal, errors, delivered } = onTheAccountView({ withSession: false });
    modal.send({ type: 'account.logout' });
    // The request goes nowhere: no actor, the modal included, receives it.
    expect(delivered).toContain('account.logout');
    expect(delivered).not.toContain('auth.logoutInModal');
    expect(onAccountView(modal)).toBe(true);
    expect(errors).toEqual([]);
    expect(modal.getSnapshot().status).toBe('active');
  });
});

describe('the member the session reports on the plans (spec 4: signed in when a user exists)', () => {
  it('a member who turns out to be a subscriber is closed on, not asked to select a plan', () => {
    const { modal } = app();
    modal.send({ type: 'modal.open', offer: subscriptionOffer, place, user: verifiedMember, now: NOW });
    expect(modal.getSnapshot().hasTag('step:plans')).toBe(true);
    modal.send({ type: 'auth.succeeded', user: monthlySubscriber });
    expect(modal.getSnapshot().context.user).toBe(monthlySubscriber);
    // Step 3 with nothing selected: a subscriber's modal closes (spec 4).
    modal.send({ type: 'plans.next' });
    expect(modal.getSnapshot().matches('hidden')).toBe(true);
  });
});

describe('step 3 (spec 4): a plan, or a product for a subscriber, checks out', () => {
  it("a subscriber's selected product with no plan checks out that product", async () => {
    const { modal, checkouts } = app({ upgradesTo: null });
    modal.send({
      type: 'modal.open',
      step: 3,
      offer: subscriptionOffer,
      place,
      user: monthlySubscriber,
      now: NOW,
    });
    // Past the already-have-the-plan screen: Continue.
    await settled();
    expect(modal.getSnapshot().matches({ open: 'subscription' })).toBe(true);
    modal.send({ type: 'plan.select', sku: 'prod_sub', plan: '' });
    modal.send({ type: 'plans.next' });
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]?.productId).toBe('prod_sub');
  });

  it('a product with no plan is not enough for a member without a subscription', () => {
    const { modal, checkouts } = app();
    modal.send({ type: 'modal.open', offer: subscriptionOffer, place, user: verifiedMember, now: NOW });
    modal.send({ type: 'plan.select', sku: 'prod_sub', plan: '' });
    modal.send({ type: 'plans.next' });
    expect(checkouts).toEqual([]);
    expect(modal.getSnapshot().hasTag('step:plans')).toBe(true);
    expect(modal.getSnapshot().context.error).toBe('signup.pleaseSelectSubscription');
  });

  it('checks out the product of the selected card, not the page’s challenge', () => {
    const { modal, checkouts } = app();
    modal.send({ type: 'modal.open', offer: challengeOffer, place, user: verifiedMember, now: NOW });
    expect(modal.getSnapshot().hasTag('step:challenge')).toBe(true);
    modal.send({ type: 'plans.next' });
    expect(modal.getSnapshot().hasTag('step:plans')).toBe(true);
    modal.send({ type: 'plan.select', sku: 'prod_sub', plan: 'price_monthly' });
    modal.send({ type: 'plans.next' });
    expect(checkouts).toEqual([
      expect.objectContaining({ productId: 'prod_sub', prices: ['price_monthly'] }),
    ]);
  });

  it('is busy while checkout starts', () => {
    const { modal } = app();
    modal.send({ type: 'modal.open', offer: subscriptionOffer, place, user: verifiedMember, now: NOW });
    expect(modal.getSnapshot().hasTag('loading')).toBe(false);
    modal.send({ type: 'plan.select', sku: 'prod_sub', plan: 'price_monthly' });
    modal.send({ type: 'plans.next' });
    expect(modal.getSnapshot().hasTag('loading')).toBe(true);
  });
});

describe('step 2 (spec 4): only a course preselects its first one-time plan', () => {
  it("a challenge's step 2 opens with no card selected", () => {
    const { modal } = app();
    modal.send({ type: 'modal.open', offer: challengeOffer, place, user: verifiedMember, now: NOW });
    expect(modal.getSnapshot().hasTag('step:challenge')).toBe(true);
    expect(modal.getSnapshot().context.selectedOrder).toBeNull();
  });

  it('a course keeps the plan the member already chose when they come back to step 2', () => {
    const { modal } = app();
    modal.send({ type: 'modal.open', offer: courseOffer, place, user: verifiedMember, now: NOW });
    expect(modal.getSnapshot().context.selectedOrder?.plan).toBe('price_course_big');
    modal.send({ type: 'plan.select', sku: 'prod_course', plan: 'price_course_small' });
    modal.send({ type: 'modal.back' });
    expect(onAccountView(modal)).toBe(true);
    modal.send({ type: 'account.continue' });
    expect(modal.getSnapshot().hasTag('step:challenge')).toBe(true);
    expect(modal.getSnapshot().context.selectedOrder).toEqual({
      sku: 'prod_course',
      plan: 'price_course_small',
    });
  });
});

describe("the already-have-the-plan screen (spec 2 and 4's upgrade flow)", () => {
  const openForSubscriber = (modal: Modal, offer = subscriptionOffer) =>
    modal.send({ type: 'modal.open', offer, place, user: monthlySubscriber, now: NOW });

  it('Continue leads on to the plans of step 3', async () => {
    const { modal } = app({ upgradesTo: null });
    openForSubscriber(modal);
    expect(modal.getSnapshot().hasTag('screen:alreadyHavePlan')).toBe(true);
    await settled();
    expect(modal.getSnapshot().hasTag('step:plans')).toBe(true);
    expect(modal.getSnapshot().hasTag('screen:alreadyHavePlan')).toBe(false);
  });

  it('the back arrow leads to the account view of step 1', () => {
    const { modal } = app();
    openForSubscriber(modal);
    modal.send({ type: 'modal.back' });
    expect(onAccountView(modal)).toBe(true);
  });

  it('offers a monthly subscriber the annual plan the membership sells', () => {
    const { modal, upgrades } = app();
    openForSubscriber(modal);
    expect(upgrades).toEqual([{ planType: 'monthly', annualPlanId: 'price_annual' }]);
  });

  it('a membership that sells no annual plan offers the subscriber no upgrade, and nothing fails', () => {
    const { modal, upgrades, errors } = app();
    const monthlyOnly = {
      ...subscriptionOffer,
      subscription: { ...subscriptionOffer.subscription, plans: [plan('price_monthly')] },
    };
    openForSubscriber(modal, monthlyOnly);
    expect(errors).toEqual([]);
    expect(modal.getSnapshot().hasTag('screen:alreadyHavePlan')).toBe(true);
    expect(upgrades).toEqual([{ planType: 'monthly', annualPlanId: null }]);
  });
});

describe('the child flows are registered under the ids their charts document', () => {
  it('the upgrade, while the already-have-the-plan screen shows', () => {
    const { modal, root } = app();
    modal.send({ type: 'modal.open', offer: subscriptionOffer, place, user: monthlySubscriber, now: NOW });
    expect(root.system.get('upgrade')).toBe(modal.getSnapshot().children.upgrade);
    expect(root.system.get('upgrade')).toBeDefined();
  });

  it('the checkout, while it runs', () => {
    const { modal, root } = app();
    modal.send({ type: 'modal.open', offer: subscriptionOffer, place, user: verifiedMember, now: NOW });
    modal.send({ type: 'plan.select', sku: 'prod_sub', plan: 'price_monthly' });
    expect(root.system.get('checkout')).toBeUndefined();
    modal.send({ type: 'plans.next' });
    expect(root.system.get('checkout')).toBe(modal.getSnapshot().children.checkout);
  });
});
