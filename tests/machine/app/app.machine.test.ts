import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, type AnyEventObject, createActor, fromCallback, fromPromise } from 'xstate';
import type { User } from '../../../domain/api-types.ts';
import type { addressMachine } from '../../../machines/address/address.machine.ts';
import type { Address } from '../../../machines/address/address.types.ts';
import { appAddressMachine, appMachine } from '../../../machines/app/app.machine.ts';
import type { AppEvent } from '../../../machines/app/app.types.ts';
import { modalOpeningMachine } from '../../../machines/modal-opening/modal-opening.machine.ts';
import type { signupModalMachine } from '../../../machines/signup-modal/signup-modal.machine.ts';
import { user } from '../fixtures.ts';
import { place, subscriptionOffer } from '../signup-modal/offers.ts';
import { controlledSession, deferred, settle } from './system.ts';

const home: Address = { path: '/', token: null, opensModal: false, needsMember: false };
const profile: Address = { path: '/profile', token: null, opensModal: false, needsMember: true };
const link: Address = { path: '/', token: 'link', opensModal: true, needsMember: false };
const member = user({ token: 'stored-token' });
/** Spec 4: sign-out resets the store, clears selected order and subscription, removes the stored user
 * and stops the engagement tracker. */
const SIGN_OUT = ['resetStore', 'clearSelectedOrder', 'removeStoredUser', 'stopEngagementTracker'];

/** The app's system with a controlled session, the modal's loads at hand and the router in the test's hands. */
function start(startAt: Address, stored: User | null = null) {
  const check = deferred<User>();
  const effects: string[] = [];
  let routerReport: (address: Address) => void = () => {};
  const opening = modalOpeningMachine.provide({
    actors: {
      loadModalCode: fromPromise<unknown>(async () => ({})),
      readOffer: fromPromise(async () => ({ offer: subscriptionOffer, place })),
    },
  });
  const root = createActor(
    appMachine.provide({
      actors: {
        session: controlledSession(stored, check).provide({
          actors: {
            logout: fromPromise<void, { token: string }>(async () => {
              effects.push('logout');
            }),
          },
          actions: Object.fromEntries(SIGN_OUT.map((name) => [name, () => void effects.push(name)])),
        }),
        modalOpening: opening,
        address: appAddressMachine.provide({
          actors: { openSignupModal: opening },
          actions: { removeLinkParams: () => void effects.push('removeLinkParams') },
        }),
        addressReports: fromCallback(({ sendBack }) => {
          routerReport = (next) => sendBack({ type: 'address.changed', ...next });
        }),
      },
    }),
    { input: { address: startAt, signedIn: stored !== null } },
  );
  root.start();
  const address = () => root.system.get('address') as ActorRefFrom<typeof addressMachine>;
  const modal = () => root.system.get('signupModal') as ActorRefFrom<typeof signupModalMachine>;
  return { root, check, effects, address, modal, navigate: (next: Address) => routerReport(next) };
}

describe('app machine', () => {
  it('runs the session, the modal and the address in one system, each under its system id', () => {
    const { root } = start(home);
    for (const id of ['session', 'signupModal', 'address']) expect(root.system.get(id)).toBeDefined();
  });

  it('tells the address machine the member once the session has checked them, and each change after', async () => {
    const { root, check, address } = start(profile, member);
    const told: boolean[] = [];
    address().subscribe((snapshot) => told.push(snapshot.context.signedIn));
    await settle();
    // Still checking: the stored member stands, nothing is reported.
    expect(root.getSnapshot().context.reportedSignedIn).toBeNull();
    check.resolve(member);
    await settle();
    expect(root.getSnapshot().context.reportedSignedIn).toBe(true);
    expect(address().getSnapshot().context.signedIn).toBe(true);
    root.system.get('session')?.send({ type: 'auth.unauthorized' });
    await settle();
    expect(address().getSnapshot().context.signedIn).toBe(false);
    expect(told.filter((signedIn, index) => index === 0 || told[index - 1] !== signedIn)).toEqual([
      true,
      false,
    ]);
  });

  it("passes the router's new address to the address machine", async () => {
    const { address, navigate } = start(home);
    navigate(profile);
    expect(address().getSnapshot().context.address).toEqual(profile);
  });

  it('opens the modal a control asks for, once its code, the offer and the member are known', async () => {
    const { root, modal } = start(home);
    root.send({ type: 'modal.requested', modalType: 'login' });
    await settle();
    expect(modal().getSnapshot().hasTag('modal:open')).toBe(true);
    expect(modal().getSnapshot().context.modalType).toBe('login');
  });

  it('opens the modal on the step a control asks for (a plan card: the plans step)', async () => {
    const { root, modal } = start(home);
    root.send({ type: 'modal.requested', modalType: 'signup', step: 3 });
    await settle();
    expect(modal().getSnapshot().hasTag('modal:open')).toBe(true);
    // A visitor opened on step 3 meets the plans, not the account form of step 1.
    expect(modal().getSnapshot().hasTag('step:plans')).toBe(true);
    expect(modal().getSnapshot().hasTag('step:auth')).toBe(false);
  });

  it('offers a visitor on a members-only page the login modal, through the root', async () => {
    const { modal, navigate } = start(home);
    await settle();
    navigate(profile);
    await settle();
    expect(modal().getSnapshot().hasTag('modal:open')).toBe(true);
    expect(modal().getSnapshot().context.modalType).toBe('login');
  });

  it("opens the modal for an emailed link, then takes the link's parameters out of the address", async () => {
    const { modal, effects, address } = start(link);
    expect(address().getSnapshot().matches('openingModal')).toBe(true);
    await settle();
    expect(modal().getSnapshot().hasTag('modal:open')).toBe(true);
    expect(modal().getSnapshot().context.modalType).toBe('signup');
    expect(effects).toEqual(['removeLinkParams']);
    expect(address().getSnapshot().matches('watching')).toBe(true);
  });
});

describe('logout', () => {
  const session = (root: ReturnType<typeof start>['root']) =>
    root.system.get('session') as ActorRefFrom<ReturnType<typeof controlledSession>>;

  it('pressed while the stored member is being checked, waits for the check, then signs the member out', async () => {
    const { root, check, effects } = start(profile, member);
    await settle();
    root.send({ type: 'logout.requested' });
    await settle();
    // The server has not answered: nothing is signed out yet.
    expect(effects).not.toContain('logout');
    expect(session(root).getSnapshot().context.user).toBeNull();
    check.resolve(member);
    await settle();
    await settle();
    expect(effects).toContain('logout');
    expect(effects).toEqual(expect.arrayContaining(SIGN_OUT));
    expect(session(root).getSnapshot().context.user).toBeNull();
    expect(session(root).getSnapshot().matches('signedOut')).toBe(true);
  });

  it('pressed once the member is known, signs them out at once', async () => {
    const { root, check, effects } = start(profile, member);
    check.resolve(member);
    await settle();
    await settle();
    expect(session(root).getSnapshot().context.user).toEqual(member);
    root.send({ type: 'logout.requested' });
    await settle();
    expect(effects).toEqual(expect.arrayContaining(['logout', ...SIGN_OUT]));
    expect(session(root).getSnapshot().matches('signedOut')).toBe(true);
  });

  it('pressed by a visitor changes nothing', async () => {
    const { root, effects } = start(home);
    await settle();
    root.send({ type: 'logout.requested' });
    await settle();
    expect(effects).not.toContain('logout');
    expect(session(root).getSnapshot().matches('signedOut')).toBe(true);
  });
});

/** What the session reports, as the root reads it. */
const CHECKING = { type: 'session.changed', settled: false, known: false, user: null } as const;
const SIGNED_OUT = { type: 'session.changed', settled: true, known: true, user: null } as const;
const SIGNED_IN = { type: 'session.changed', settled: true, known: true, user: member } as const;
/** The server cannot be asked for now: the stored member stands, known but not checked. */
const STORED_STANDS = { type: 'session.changed', settled: false, known: true, user: member } as const;

/**
 * The root alone: the test plays the session's reports and reads what the session and the address
 * machine are sent, so each report's effect is seen on its own.
 */
function wiring(flows: { session?: 'running' | 'ended'; address?: 'running' | 'ended' } = {}) {
  const sent = { session: [] as AnyEventObject[], address: [] as AnyEventObject[] };
  const toSelf: string[] = [];
  const flow = (name: keyof typeof sent, state: 'running' | 'ended' = 'running') =>
    state === 'ended'
      ? fromPromise(async () => {})
      : fromCallback(({ receive }) => receive((event) => void sent[name].push(event)));
  const root = createActor(
    appMachine.provide({
      actors: {
        // Stand-ins for the flows: the root only sends to them by system id.
        session: flow('session', flows.session) as never,
        address: flow('address', flows.address) as never,
        sessionReports: fromCallback(() => {}),
      },
    }),
    {
      input: { address: home, signedIn: false },
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.event' || inspection.actorRef !== root) return;
        if (inspection.sourceRef !== root) return;
        toSelf.push(inspection.event.type);
        // A root that sends the router's news to itself would pass it on for ever.
        if (toSelf.length > 20) throw new Error(`the root keeps sending itself ${inspection.event.type}`);
      },
    },
  );
  root.start();
  const send = (...events: AppEvent[]) => {
    for (const event of events) root.send(event);
  };
  const told = () =>
    sent.address.filter((event) => event.type === 'member.changed').map((event) => event.signedIn);
  const logouts = () => sent.session.filter((event) => event.type === 'auth.logout').length;
  return { root, sent, toSelf, send, told, logouts };
}

describe('what the address machine is told of the member', () => {
  it('is told once per sign-in or sign-out, not on every report of the same member', () => {
    const { send, told } = wiring();
    send(SIGNED_OUT, SIGNED_OUT);
    expect(told()).toEqual([false]);
    send(SIGNED_IN, SIGNED_IN);
    expect(told()).toEqual([false, true]);
    send(SIGNED_OUT);
    expect(told()).toEqual([false, true, false]);
  });

  it('a visitor who signs in after the check is told signed in', () => {
    const { send, told } = wiring();
    send(CHECKING, SIGNED_OUT, CHECKING, SIGNED_IN);
    expect(told()).toEqual([false, true]);
  });

  it('is told nothing until the stored member has been checked, even while the stored copy stands', () => {
    const { send, told } = wiring();
    send(CHECKING, STORED_STANDS, CHECKING);
    expect(told()).toEqual([]);
    send(SIGNED_IN);
    expect(told()).toEqual([true]);
  });
});

describe('logout, as the root passes it on', () => {
  it('pressed while the session checks, waits through every report that it still checks', () => {
    const { send, logouts } = wiring();
    send(CHECKING, { type: 'logout.requested' });
    expect(logouts()).toBe(0);
    send(CHECKING);
    expect(logouts()).toBe(0);
    send(SIGNED_IN);
    expect(logouts()).toBe(1);
    // The member is signed out once: later reports do not sign out again.
    send(SIGNED_OUT, SIGNED_OUT);
    expect(logouts()).toBe(1);
  });

  it('pressed during a login (the session checks the member again), waits for it', () => {
    const { send, logouts } = wiring();
    send(SIGNED_OUT, CHECKING, { type: 'logout.requested' });
    expect(logouts()).toBe(0);
    send(SIGNED_IN);
    expect(logouts()).toBe(1);
  });

  it('pressed while the stored copy stands (the server cannot be asked), reaches the session at once', () => {
    const { send, logouts } = wiring();
    send(CHECKING, STORED_STANDS, { type: 'logout.requested' });
    expect(logouts()).toBe(1);
  });
});

describe('a flow that has ended', () => {
  it('is sent nothing: the root keeps running and sends nothing to itself', async () => {
    const { root, send, toSelf } = wiring({ session: 'ended', address: 'ended' });
    await settle();
    expect(root.system.get('session')).toBeUndefined();
    expect(root.system.get('address')).toBeUndefined();
    send(SIGNED_IN, { type: 'address.changed', ...profile }, { type: 'logout.requested' }, SIGNED_OUT);
    expect(root.getSnapshot().status).toBe('active');
    expect(toSelf).toEqual([]);
  });
});
