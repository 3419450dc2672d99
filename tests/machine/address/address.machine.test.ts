import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, fromPromise } from 'xstate';
import { addressMachine } from '../../../machines/address/address.machine.ts';
import type { Address } from '../../../machines/address/address.types.ts';
import { addressRules } from '../../spec/address.rules.ts';
import { RULES } from '../../spec/oracle.ts';
import { describeModel, type Effects } from '../model.ts';

const home: Address = { path: '/', token: null, opensModal: false, needsMember: false };
const profile: Address = { path: '/profile', token: null, opensModal: false, needsMember: true };
const link: Address = { path: '/', token: 'link', opensModal: true, needsMember: false };
const profileLink: Address = { ...profile, token: 'link' };
const ANNUAL = 'price_annual';
/** How many times each replay had asked for the modal on a plan, up to the step before. */
const modalRequests = new WeakMap<Effects, number>();
/** What the app has told each replay so far: the address (as it stands after the link) and the member. */
const told = new WeakMap<Effects, { address: Address; signedIn: boolean }>();
/** The state that waits for each call: once the call has ended, the machine has left it. */
const WAITING_FOR: Record<string, string> = {
  openSignupModal: 'openingModal',
  signInWithLink: 'signingInWithLink',
  writePlan: 'writingPlan',
};

describeModel('address machine', addressMachine, {
  samples: {
    'address.changed': [home, profile, link, profileLink].map((address) => ({
      type: 'address.changed',
      ...address,
    })),
    'member.changed': [
      { type: 'member.changed', signedIn: true },
      { type: 'member.changed', signedIn: false },
    ],
    'plan.chosen': [{ type: 'plan.chosen', plan: ANNUAL }],
  },
  inputs: [
    { label: 'visitor: ', input: { address: home, signedIn: false } },
    { label: 'member: ', input: { address: profileLink, signedIn: true } },
  ],
  check: (snapshot, step, effects, previous) => {
    const names = effects.actions.map((action) => action.name);
    // Whatever the machine is busy with, it keeps the latest address and member the app reports, and
    // decides on them once free: a link's token, once it has gone to the session, is no longer there.
    const { type } = step.event;
    if (previous === undefined) {
      const { address, signedIn } = snapshot.context;
      told.set(effects, { address, signedIn });
    }
    const known = told.get(effects) ?? { address: home, signedIn: false };
    if (type === 'address.changed') {
      const { type: _type, ...address } = step.event as unknown as { type: string } & Address;
      known.address = previous?.matches('signingInWithLink') ? { ...address, token: null } : address;
    }
    if (type === 'xstate.done.actor.signInWithLink' || type === 'xstate.error.actor.signInWithLink') {
      known.address = { ...known.address, token: null };
    }
    if (type === 'member.changed') known.signedIn = (step.event as unknown as { signedIn: boolean }).signedIn;
    expect(snapshot.context.address).toEqual(known.address);
    expect(snapshot.context.signedIn).toBe(known.signedIn);
    // A call that has ended (the modal open, the link tried, the plan written or not) is not waited on.
    const ended = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
    if (ended) expect(snapshot.matches(WAITING_FOR[ended[2] ?? ''] ?? '')).toBe(false);
    if (/^xstate\.(done|error)\.actor\.openSignupModal$/.test(step.event.type)) {
      expect(names.at(-1)).toBe('removeLinkParams');
    }
    if (snapshot.matches('openingModal') && !previous?.matches('openingModal')) {
      expect(effects.actors.at(-1)?.name).toBe('openSignupModal');
    }
    // A plan chosen on Home goes into the address first; the modal is asked for only once it is
    // there, so the modal reads the plan from the address and opens with it selected.
    const requests = names.filter((name) => name === 'openSignupModalOnPlan').length;
    const requestedNow = requests > (modalRequests.get(effects) ?? 0);
    modalRequests.set(effects, requests);
    if (step.event.type === 'plan.chosen') {
      expect(effects.actors.at(-1)).toEqual({ name: 'writePlan', input: { plan: ANNUAL } });
    }
    // Only the plan's arrival in the address asks for the modal: not the choice, nor a failed write.
    expect(requestedNow).toBe(step.event.type === 'xstate.done.actor.writePlan');
    // The login modal is offered only to a visitor, on a members-only page.
    if (names.length > 0 && names.at(-1) === 'openLoginModal' && step.event.type !== 'xstate.init') {
      const added = effects.actions.at(-1)?.context as { signedIn: boolean; address: Address } | undefined;
      if (added) expect(added.signedIn || !added.address.needsMember).toBe(false);
    }
  },
});

function start(address: Address, signedIn: boolean, linkAccepted = true, planWritten = true) {
  const effects: string[] = [];
  /** The address's `plan`, as the fake router holds it. */
  let plan: string | null = null;
  const actor = createActor(
    addressMachine.provide({
      actors: {
        openSignupModal: fromPromise<void>(async () => {
          effects.push('openSignupModal');
        }),
        signInWithLink: fromPromise<void, { token: string }>(async ({ input }) => {
          effects.push(`signInWithLink ${input.token}`);
          if (!linkAccepted) throw new Error('Link expired');
          actor.send({ type: 'member.changed', signedIn: true });
        }),
        writePlan: fromPromise<void, { plan: string }>(async ({ input }) => {
          if (!planWritten) throw new Error('Navigation failed');
          plan = input.plan;
        }),
      },
      actions: {
        removeLinkParams: () => void effects.push('removeLinkParams'),
        openLoginModal: () => void effects.push('openLoginModal'),
        // The modal reads the plan from the address as it opens: what the address says then is what
        // it selects.
        openSignupModalOnPlan: () => void effects.push(`openSignupModal with plan=${plan}`),
      },
    }),
    { input: { address, signedIn } },
  );
  actor.start();
  return { actor, effects };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('what the address asks for', () => {
  it('opens the signup modal for an emailed link, and only then removes the link from the address', async () => {
    const { effects } = start(link, false);
    await settle();
    expect(effects).toEqual(['openSignupModal', 'removeLinkParams']);
  });

  it("removes a members-only page's token from the address and signs in with it, offering no login", async () => {
    const { effects } = start(profileLink, false);
    await settle();
    expect(effects).toEqual(['signInWithLink link', 'removeLinkParams']);
  });

  it('offers the login modal when the link is refused', async () => {
    const { effects } = start(profileLink, false, false);
    await settle();
    expect(effects).toEqual(['signInWithLink link', 'removeLinkParams', 'openLoginModal']);
  });

  it('offers a visitor the login modal once per visit to the members-only area', () => {
    const { actor, effects } = start(profile, false);
    actor.send({ type: 'address.changed', ...profile, path: '/profile/password' });
    expect(effects).toEqual(['openLoginModal']);
    actor.send({ type: 'address.changed', ...home });
    actor.send({ type: 'address.changed', ...profile });
    expect(effects).toEqual(['openLoginModal', 'openLoginModal']);
  });

  it('writes a plan chosen on Home into the address, and only then asks for the signup modal on it', async () => {
    const { actor, effects } = start(home, false);
    actor.send({ type: 'plan.chosen', plan: ANNUAL });
    expect(effects).toEqual([]);
    await settle();
    expect(effects).toEqual([`openSignupModal with plan=${ANNUAL}`]);
    expect(actor.getSnapshot().value).toBe('watching');
  });

  it('opens no modal when the address could not take the chosen plan', async () => {
    const { actor, effects } = start(home, false, true, false);
    actor.send({ type: 'plan.chosen', plan: ANNUAL });
    await settle();
    expect(effects).toEqual([]);
    expect(actor.getSnapshot().value).toBe('watching');
  });

  it('offers a member who signs out on a members-only page the login modal, and not one who is signed in', () => {
    const { actor, effects } = start(profile, true);
    expect(effects).toEqual([]);
    actor.send({ type: 'member.changed', signedIn: false });
    expect(effects).toEqual(['openLoginModal']);
  });
});

describe('the login modal on the members-only area, after a sign-in or a plan', () => {
  it('offers it again to a member who signed in there and then signed out', () => {
    const { actor, effects } = start(profile, false);
    actor.send({ type: 'member.changed', signedIn: true });
    actor.send({ type: 'member.changed', signedIn: false });
    expect(effects).toEqual(['openLoginModal', 'openLoginModal']);
  });

  it('offers it to a visitor who chose a plan on Home and then opened the profile area', async () => {
    const { actor, effects } = start(profile, false);
    actor.send({ type: 'address.changed', ...home });
    actor.send({ type: 'plan.chosen', plan: ANNUAL });
    // The address with the plan arrives while the plan is being written.
    actor.send({ type: 'address.changed', ...home, path: `/?plan=${ANNUAL}` });
    await settle();
    actor.send({ type: 'address.changed', ...profile });
    expect(effects).toEqual(['openLoginModal', `openSignupModal with plan=${ANNUAL}`, 'openLoginModal']);
  });
});

describe('what the app reports while a link or a plan is being dealt with', () => {
  it('a member who signed in while the modal opened is not offered the login modal on the profile area', async () => {
    const { actor, effects } = start(link, false);
    actor.send({ type: 'address.changed', ...home });
    actor.send({ type: 'member.changed', signedIn: true });
    await settle();
    actor.send({ type: 'address.changed', ...profile });
    expect(effects).toEqual(['openSignupModal', 'removeLinkParams']);
  });

  it('a member who signed in while the chosen plan was written is not offered the login modal on the profile area', async () => {
    const { actor, effects } = start(home, false);
    actor.send({ type: 'plan.chosen', plan: ANNUAL });
    actor.send({ type: 'member.changed', signedIn: true });
    await settle();
    actor.send({ type: 'address.changed', ...profile });
    expect(effects).toEqual([`openSignupModal with plan=${ANNUAL}`]);
  });
});

describe('address wiring', () => {
  it("is judged by the spec's address rules: the rules are found by the machine's id", () => {
    expect(RULES[addressMachine.id]).toBe(addressRules);
  });

  it.each([
    ['openSignupModal', undefined],
    ['signInWithLink', { token: 'link' }],
    ['writePlan', { plan: ANNUAL }],
  ])('fails loudly, naming %s, when the app does not provide it', async (name, input) => {
    const placeholder = addressMachine.implementations.actors[name] as AnyActorLogic;
    const actor = createActor(placeholder, { input });
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(String(await failed)).toMatch(new RegExp(`${name} must be provided`));
  });
});
