// The refund chart with its effects: the studio's preview and refund operations.
import { fromPromise } from 'xstate';
import { studioRefundMachine } from '../../../machines/studio-refund/studio-refund.machine.ts';
import type { RefundPreview } from '../../../machines/studio-refund/studio-refund.types.ts';
import { studioApi, studioCall } from '../api.ts';

export const studioRefundFlow = studioRefundMachine.provide({
  actors: {
    previewRefund: fromPromise(
      async ({ input }: { input: { chargeID: string } }): Promise<RefundPreview> =>
        (
          await studioCall(
            studioApi.GET('/api/studio/charges/{chargeID}/refund', {
              params: { path: { chargeID: input.chargeID } },
            }),
          )
        ).refund,
    ),
    refundCharge: fromPromise(
      async ({
        input,
      }: {
        input: { chargeID: string; amount: number; currency: string };
      }): Promise<unknown> =>
        studioCall(
          studioApi.POST('/api/studio/charges/{chargeID}/refund', {
            params: { path: { chargeID: input.chargeID } },
            body: { amount: input.amount, currency: input.currency as never },
          }),
        ),
    ),
  },
});
