import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  CONFIRMATION_MAX_ATTEMPTS,
  CONFIRMATION_POLL_INTERVAL_MS,
  confirmationMachine,
} from '../../../machines/confirmation/confirmation.machine.ts';

/** The page's wait, reading from `answers` in turn (the last one repeats): true shows the purchase. */
function start(answers: (boolean | Error)[]) {
  let reads = 0;
  const clock = new SimulatedClock();
  const actor = createActor(
    confirmationMachine.provide({
      actors: {
        readPurchase: fromPromise(async () => {
          const answer = answers[Math.min(reads, answers.length - 1)];
          reads += 1;
          if (answer instanceof Error) throw answer;
          return answer ?? false;
        }),
      },
    }),
    { clock },
  );
  actor.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const poll = async () => {
    clock.increment(CONFIRMATION_POLL_INTERVAL_MS);
    await settle();
  };
  return { actor, poll, settle, reads: () => reads };
}

describe('confirmation machine', () => {
  it('keeps the spec delays: a read every 2 s, 30 reads at most', () => {
    expect(CONFIRMATION_POLL_INTERVAL_MS).toBe(2_000);
    expect(CONFIRMATION_MAX_ATTEMPTS).toBe(30);
  });

  it('reads at once, then every interval until the purchase shows, and stops there', async () => {
    const { actor, poll, settle, reads } = start([false, false, true]);
    expect(actor.getSnapshot().matches('reading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(actor.getSnapshot().context.attempts).toBe(1);
    await poll();
    expect(reads()).toBe(2);
    await poll();
    expect(actor.getSnapshot().matches('confirmed')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    // The read that found the purchase counts too.
    expect(actor.getSnapshot().context.attempts).toBe(3);
    await poll();
    expect(reads()).toBe(3);
  });

  it('does not read again before the interval has passed', async () => {
    const { settle, reads } = start([false]);
    await settle();
    await settle();
    expect(reads()).toBe(1);
  });

  it('counts a failed read as one that did not find the purchase', async () => {
    const { actor, poll, settle } = start([new Error('offline'), true]);
    await settle();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    await poll();
    expect(actor.getSnapshot().matches('confirmed')).toBe(true);
  });

  it(`gives up after ${CONFIRMATION_MAX_ATTEMPTS} reads that all fail, as after reads that do not find it`, async () => {
    const { actor, poll, settle, reads } = start([new Error('offline')]);
    await settle();
    expect(actor.getSnapshot().context.attempts).toBe(1);
    for (let i = 0; i < CONFIRMATION_MAX_ATTEMPTS + 3; i++) await poll();
    expect(reads()).toBe(CONFIRMATION_MAX_ATTEMPTS);
    expect(actor.getSnapshot().context.attempts).toBe(CONFIRMATION_MAX_ATTEMPTS);
    expect(actor.getSnapshot().matches('notYet')).toBe(true);
  });

  it('says it is waiting while it reads on its own, and not once the reads ran out or the purchase shows', async () => {
    const answers: (boolean | Error)[] = Array.from({ length: CONFIRMATION_MAX_ATTEMPTS }, () => false);
    const { actor, poll, settle } = start([...answers, true]);
    const waiting = () => actor.getSnapshot().hasTag('waiting');
    expect(actor.getSnapshot().matches('reading') && waiting()).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('waiting') && waiting()).toBe(true);
    for (let i = 0; i < CONFIRMATION_MAX_ATTEMPTS; i++) await poll();
    expect(actor.getSnapshot().matches('notYet')).toBe(true);
    expect(waiting()).toBe(false);
    // Checking again is the member's own read: the page shows the 'not yet' notice with a busy button.
    actor.send({ type: 'confirmation.checkAgain' });
    expect(actor.getSnapshot().matches('checkingAgain')).toBe(true);
    expect(waiting()).toBe(false);
    await settle();
    expect(actor.getSnapshot().matches('confirmed')).toBe(true);
    expect(waiting()).toBe(false);
  });

  it('fails loudly, naming the read, when the page does not provide it', async () => {
    const errors: unknown[] = [];
    const actor = createActor(confirmationMachine, {
      inspect: (inspection) => {
        if (inspection.type === '@xstate.event' && inspection.event.type.startsWith('xstate.error.actor')) {
          errors.push((inspection.event as unknown as { error: unknown }).error);
        }
      },
    });
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.stop();
    expect(errors).toEqual([new Error('readPurchase must be provided with .provide()')]);
  });

  it(`gives up after ${CONFIRMATION_MAX_ATTEMPTS} reads, then checks again once per asking`, async () => {
    const answers: (boolean | Error)[] = Array.from({ length: CONFIRMATION_MAX_ATTEMPTS + 1 }, () => false);
    const { actor, poll, settle, reads } = start([...answers, new Error('offline'), true]);
    await settle();
    for (let i = 0; i < CONFIRMATION_MAX_ATTEMPTS + 3; i++) await poll();
    expect(actor.getSnapshot().matches('notYet')).toBe(true);
    expect(reads()).toBe(CONFIRMATION_MAX_ATTEMPTS);
    expect(actor.getSnapshot().context.attempts).toBe(CONFIRMATION_MAX_ATTEMPTS);

    actor.send({ type: 'confirmation.checkAgain' });
    expect(actor.getSnapshot().matches('checkingAgain')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches('notYet')).toBe(true);
    actor.send({ type: 'confirmation.checkAgain' });
    await settle();
    expect(actor.getSnapshot().matches('notYet')).toBe(true);
    await poll();
    expect(reads()).toBe(CONFIRMATION_MAX_ATTEMPTS + 2);
    actor.send({ type: 'confirmation.checkAgain' });
    await settle();
    expect(actor.getSnapshot().matches('confirmed')).toBe(true);
  });
});
