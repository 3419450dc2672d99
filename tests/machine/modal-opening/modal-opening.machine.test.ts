import { describe, expect, it } from 'vitest';
import {
  type AnyActorLogic,
  type AnyEventObject,
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
} from 'xstate';
import type { User } from '../../../domain/api-types.ts';
import { modalOpeningMachine } from '../../../machines/modal-opening/modal-opening.machine.ts';
import type {
  ModalOpeningInput,
  OfferAndPlace,
} from '../../../machines/modal-opening/modal-opening.types.ts';
import { controlledSession, deferred, settle } from '../app/system.ts';
import { user } from '../fixtures.ts';
import { place, subscriptionOffer } from '../signup-modal/offers.ts';

const offerAndPlace: OfferAndPlace = { offer: subscriptionOffer, place };
const member = user({ token: 'stored-token' });

/**
 * An opening in a system with a session (stored member `stored`; none when `withSession` is false)
 * and a modal that records its events.
 */
function start(input: ModalOpeningInput, stored: User | null = null, withSession = true) {
  const code = deferred<unknown>();
  const offer = deferred<OfferAndPlace>();
  const check = deferred<User>();
  const received: AnyEventObject[] = [];
  const host = createMachine({
    invoke: [
      ...(withSession ? [{ src: controlledSession(stored, check), systemId: 'session' }] : []),
      {
        // The session also tells the modal of a sign-in; only the openings are kept.
        src: fromCallback(({ receive }) =>
          receive((event) => {
            if (event.type === 'modal.open') received.push(event);
          }),
        ),
        systemId: 'signupModal',
      },
      {
        id: 'opening',
        src: modalOpeningMachine.provide({
          actors: {
            loadModalCode: fromPromise(() => code.promise),
            readOffer: fromPromise(() => offer.promise),
          },
        }),
        input,
      },
    ],
  });
  const actor = createActor(host);
  actor.start();
  const opening = () => actor.getSnapshot().children.opening;
  return { code, offer, check, received, opening };
}

describe('modal opening machine', () => {
  it('asks for the code and the offer together, then waits for the member before opening', async () => {
    const { code, offer, check, received, opening } = start({ modalType: 'login', step: 2 }, member);
    expect(opening()?.getSnapshot().value).toEqual({ preparing: { code: 'loading', offer: 'reading' } });
    // Both loads run at once, and the session is followed from the start.
    expect(Object.keys(opening()?.getSnapshot().children ?? {}).sort()).toEqual([
      'loadModalCode',
      'readOffer',
      'sessionReports',
    ]);
    offer.resolve(offerAndPlace);
    await settle();
    expect(opening()?.getSnapshot().value).toEqual({ preparing: { code: 'loading', offer: 'read' } });
    code.resolve({});
    await settle();
    // The session still checks the stored member with the server.
    expect(opening()?.getSnapshot().value).toBe('waitingForMember');
    expect(received).toEqual([]);
    const fresh = user({ token: 'stored-token', email: 'fresh@example.com' });
    check.resolve(fresh);
    await settle();
    expect(received).toEqual([
      expect.objectContaining({
        type: 'modal.open',
        modalType: 'login',
        step: 2,
        ...offerAndPlace,
        user: fresh,
      }),
    ]);
    expect(opening()?.getSnapshot().status).toBe('done');
  });

  it('opens at once for a visitor, as signup on step 1 when nothing is asked', async () => {
    const { code, offer, received } = start(undefined as unknown as ModalOpeningInput);
    code.resolve({});
    offer.resolve(offerAndPlace);
    await settle();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'modal.open', modalType: 'signup', user: null });
    expect(received[0]).not.toHaveProperty('step');
    expect(typeof received[0]?.now).toBe('number');
  });

  it('opens with the stored member while the server cannot be asked', async () => {
    const { code, offer, check, received } = start({ modalType: 'signup' }, member);
    code.resolve({});
    offer.resolve(offerAndPlace);
    check.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(received).toEqual([expect.objectContaining({ type: 'modal.open', user: member })]);
  });

  it('leaves the modal closed when its code cannot be loaded', async () => {
    const { code, offer, received, opening } = start({ modalType: 'signup' });
    const seen: unknown[] = [];
    opening()?.subscribe((snapshot) => seen.push(snapshot.value));
    offer.resolve(offerAndPlace);
    code.reject(new Error('the connection dropped'));
    await settle();
    expect(seen).toContain('failed');
    expect(received).toEqual([]);
    expect(opening()?.getSnapshot().status).toBe('done');
  });

  it('leaves the modal closed when the offer cannot be read', async () => {
    const { code, offer, received, opening } = start({ modalType: 'signup' });
    code.resolve({});
    offer.reject(new Error('the products could not be read'));
    await settle();
    expect(opening()?.getSnapshot().value).toBe('failed');
    expect(opening()?.getSnapshot().status).toBe('done');
    expect(received).toEqual([]);
  });

  it('never opens without an offer to show', async () => {
    const { code, offer, received } = start({ modalType: 'signup' });
    code.resolve({});
    offer.resolve(null as unknown as OfferAndPlace);
    await settle();
    expect(received).toEqual([]);
  });

  it('does not take the member for a visitor before a session says so', async () => {
    const { code, offer, received, opening } = start({ modalType: 'signup' }, null, false);
    expect(opening()?.getSnapshot().context.member).toEqual({ known: false, user: null });
    code.resolve({});
    offer.resolve(offerAndPlace);
    await settle();
    expect(opening()?.getSnapshot().value).toBe('waitingForMember');
    expect(received).toEqual([]);
  });

  it('fails loudly, naming each load the app must provide', async () => {
    for (const name of ['loadModalCode', 'readOffer'] as const) {
      const actor = createActor(modalOpeningMachine.implementations.actors[name] as AnyActorLogic);
      const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
      actor.start();
      expect(String(await failed)).toContain(`${name} must be provided`);
    }
  });
});
