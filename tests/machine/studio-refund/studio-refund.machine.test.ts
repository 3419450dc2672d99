import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { StudioRequestError } from '../../../machines/studio-error.ts';
import { studioRefundMachine } from '../../../machines/studio-refund/studio-refund.machine.ts';
import type { RefundPreview } from '../../../machines/studio-refund/studio-refund.types.ts';
import { describeModel, expectLoadingWhileCalling } from '../model.ts';

const PREVIEW: RefundPreview = {
  chargeID: 'ch_1',
  amount: 4900,
  currency: 'usd',
  card: { brand: 'visa', last4: '4242' },
  productName: '30-Day Shred',
  loses: [{ kind: 'challenge', name: '30-Day Shred' }],
  alreadyRefunded: false,
};
// Someone refunded $10 of it meanwhile: $39.00 is left.
const CHANGED: RefundPreview = { ...PREVIEW, amount: 3900 };
const REFUNDED: RefundPreview = { ...PREVIEW, alreadyRefunded: true };
const OFFLINE = new StudioRequestError('errors.network', 0);
const COACH = new StudioRequestError('Only an owner may refund a charge.', 403);
const ELSEWHERE = new StudioRequestError('No such charge.', 404);
const CONFLICT = new StudioRequestError('The charge changed: confirm the new amount.', 409, {
  success: false,
  refund: CHANGED,
});

const VIEWS = ['view:confirm', 'view:failed', 'view:done', 'view:refused', 'view:cancelled'];

describeModel('studio refund machine', studioRefundMachine, {
  samples: {
    'xstate.done.actor.previewRefund': [PREVIEW, REFUNDED].map((output) => ({
      type: 'xstate.done.actor.previewRefund',
      output,
    })),
    'xstate.error.actor.previewRefund': [OFFLINE, COACH, ELSEWHERE].map((error) => ({
      type: 'xstate.error.actor.previewRefund',
      error,
    })),
    'xstate.done.actor.refundCharge': [{ type: 'xstate.done.actor.refundCharge', output: { success: true } }],
    'xstate.error.actor.refundCharge': [CONFLICT, COACH, OFFLINE].map((error) => ({
      type: 'xstate.error.actor.refundCharge',
      error,
    })),
  },
  inputs: [{ label: '', input: { chargeID: 'ch_1' } }],
  check: (snapshot) => {
    expectLoadingWhileCalling(snapshot, ['previewRefund', 'refundCharge']);
    // One view at a time, none while the server is asked.
    const views = VIEWS.filter((tag) => snapshot.hasTag(tag));
    expect(views.length).toBe(snapshot.hasTag('loading') ? 0 : 1);
    // A confirmation always has the words to say.
    if (snapshot.hasTag('view:confirm')) expect(snapshot.context.preview?.alreadyRefunded).toBe(false);
  },
});

describe('the studio refund', () => {
  it('refunds the amount of the second preview after a 409, once confirmed again', async () => {
    const sent: unknown[] = [];
    let answers = 0;
    const actor = createActor(
      studioRefundMachine.provide({
        actors: {
          previewRefund: fromPromise(async () => PREVIEW),
          refundCharge: fromPromise(async ({ input }) => {
            sent.push(input);
            answers += 1;
            if (answers === 1) throw CONFLICT;
            return { success: true };
          }),
        },
      }),
      { input: { chargeID: 'ch_1' } },
    ).start();
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'refund.confirm' });
    await waitFor(actor, (s) => s.matches('changed'));
    expect(actor.getSnapshot().context.previous?.amount).toBe(4900);
    actor.send({ type: 'refund.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([
      { chargeID: 'ch_1', amount: 4900, currency: 'usd' },
      { chargeID: 'ch_1', amount: 3900, currency: 'usd' },
    ]);
  });

  it('after a lost answer, asks again and says the charge is refunded rather than refunding twice', async () => {
    let previews = 0;
    let refunds = 0;
    const actor = createActor(
      studioRefundMachine.provide({
        actors: {
          previewRefund: fromPromise(async () => (++previews === 1 ? PREVIEW : REFUNDED)),
          refundCharge: fromPromise(async (): Promise<unknown> => {
            refunds += 1;
            throw OFFLINE;
          }),
        },
      }),
      { input: { chargeID: 'ch_1' } },
    ).start();
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'refund.confirm' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect({ previews, refunds }).toEqual({ previews: 2, refunds: 1 });
  });
});
