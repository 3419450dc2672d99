import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { addressMachine } from '../../../machines/address/address.machine.ts';
import type { Address } from '../../../machines/address/address.types.ts';
import { describeModel } from '../model.ts';

const home: Address = { path: '/', token: null, opensModal: false, needsMember: false };
const profile: Address = { path: '/profile', token: null, opensModal: false, needsMember: true };
const link: Address = { path: '/', token: 'link', opensModal: true, needsMember: false };
const profileLink: Address = { ...profile, token: 'link' };

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
  },
  inputs: [
    { label: 'visitor: ', input: { address: home, signedIn: false } },
    { label: 'member: ', input: { address: profileLink, signedIn: true } },
  ],
  check: (snapshot, step, effects, previous) => {
    const names = effects.actions.map((action) => action.name);
    if (/^xstate\.(done|error)\.actor\.openSignupModal$/.test(step.event.type)) {
      expect(names.at(-1)).toBe('removeLinkParams');
    }
    if (snapshot.matches('openingModal') && !previous?.matches('openingModal')) {
      expect(effects.actors.at(-1)?.name).toBe('openSignupModal');
    }
    // The login modal is offered only to a visitor, on a members-only page.
    if (names.length > 0 && names.at(-1) === 'openLoginModal' && step.event.type !== 'xstate.init') {
      const added = effects.actions.at(-1)?.context as { signedIn: boolean; address: Address } | undefined;
      if (added) expect(added.signedIn || !added.address.needsMember).toBe(false);
    }
  },
});

function start(address: Address, signedIn: boolean, linkAccepted = true) {
  const effects: string[] = [];
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
      },
      actions: {
        removeLinkParams: () => void effects.push('removeLinkParams'),
        openLoginModal: () => void effects.push('openLoginModal'),
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

  it('offers a member who signs out on a members-only page the login modal, and not one who is signed in', () => {
    const { actor, effects } = start(profile, true);
    expect(effects).toEqual([]);
    actor.send({ type: 'member.changed', signedIn: false });
    expect(effects).toEqual(['openLoginModal']);
  });
});
