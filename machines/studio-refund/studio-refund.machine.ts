/**
 * The owner refunds a member's charge from the member's page.
 *
 * Lifecycle: the page asks the server what the refund would do (the amount, the card, what the member
 * loses), and says it in exact words ("Refund $49.00 to Visa •••• 4242; the member loses the 30-Day
 * Shred"). Confirmed, the page sends back the amount and currency it showed; the server refunds only
 * if they still hold. If the charge changed meanwhile (a partial refund by someone else), the server
 * answers 409 with a new preview, which the page says again for a new confirmation. A charge already
 * refunded, one the person's role may not refund (a coach) or one that is not there is refused and
 * said so.
 *
 * Why it is shaped so: money is never moved on words the person did not read. The amount confirmed is
 * the amount refunded, so every change is a new confirmation, never a silent retry. A refund whose
 * answer was lost (no answer) may or may not have happened: the page asks the server again (the new
 * preview says "already refunded" if it did) rather than offer to send it a second time.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../not-provided.ts';
import { messageOf, StudioRequestError, statusOf } from '../studio-error.ts';
import type {
  RefundPreview,
  StudioRefundContext,
  StudioRefundEvent,
  StudioRefundInput,
} from './studio-refund.types.ts';

const errorOf = (event: unknown) => (event as { error?: unknown }).error;
/** The new preview a 409 carries, if it carries one. */
function changedPreview(error: unknown): RefundPreview | null {
  if (!(error instanceof StudioRequestError) || error.status !== 409) return null;
  const refund = (error.body as { refund?: RefundPreview } | null)?.refund;
  return refund && typeof refund.amount === 'number' ? refund : null;
}
/** Refusals that no retry changes: a role without the right, no such charge, bad input, a conflict without a preview. */
const refusedStatus = (status: number) => status >= 400 && status < 500;

export const studioRefundMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as StudioRefundContext,
    events: {} as StudioRefundEvent,
    input: {} as StudioRefundInput,
  },
  actors: {
    /** What refunding the charge would do now. */
    previewRefund: fromPromise<RefundPreview, { chargeID: string }>(async () => notProvided('previewRefund')),
    /** Refunds the charge if the amount and currency are still what the person confirmed. */
    refundCharge: fromPromise<unknown, { chargeID: string; amount: number; currency: string }>(async () =>
      notProvided('refundCharge'),
    ),
  },
  actions: {
    keepPreview: assign({
      preview: ({ event }) => (event as { output?: RefundPreview }).output ?? null,
      previous: () => null,
    }),
    keepChangedPreview: assign({
      previous: ({ context }) => context.preview,
      preview: ({ event, context }) => changedPreview(errorOf(event)) ?? context.preview,
      message: ({ event }) => messageOf(errorOf(event)),
    }),
    keepMessage: assign({ message: ({ event }) => messageOf(errorOf(event)) }),
    forgetMessage: assign({ message: () => null }),
    markUnsure: assign({ unsure: () => true, message: ({ event }) => messageOf(errorOf(event)) }),
    forgetUnsure: assign({ unsure: () => false }),
  },
  guards: {
    alreadyRefunded: ({ event }) => (event as { output?: RefundPreview }).output?.alreadyRefunded === true,
    changed: ({ event }) => changedPreview(errorOf(event)) !== null,
    refused: ({ event }) => refusedStatus(statusOf(errorOf(event))),
  },
}).createMachine({
  id: 'studioRefund',
  description:
    "The owner refunds a charge: the server's preview said in exact words, confirmed, refunded; a changed charge is confirmed again, a refusal is said.",
  meta: {
    guards: {
      alreadyRefunded: 'The preview says the charge is already refunded.',
      changed: 'The server answered 409 with a new preview: the charge changed since it was confirmed.',
      refused: 'The server refused (4xx): a role without the right, no such charge, nothing left to refund.',
    },
    delays: {},
  },
  context: ({ input }) => ({ ...input, preview: null, previous: null, message: null, unsure: false }),
  initial: 'previewing',
  states: {
    previewing: {
      description: 'Asks the server what the refund would do; the dialog says it is checking.',
      tags: ['loading'],
      invoke: {
        id: 'previewRefund',
        src: 'previewRefund',
        input: ({ context }) => ({ chargeID: context.chargeID }),
        onDone: [
          {
            guard: 'alreadyRefunded',
            target: 'refused',
            actions: ['keepPreview', 'forgetUnsure'],
            description: 'Already refunded (perhaps by the answer that was lost): said, nothing to confirm.',
          },
          {
            target: 'confirming',
            actions: ['keepPreview', 'forgetUnsure', 'forgetMessage'],
            description: 'The exact words, and Refund or Cancel.',
          },
        ],
        onError: [
          {
            guard: 'refused',
            target: 'refused',
            actions: 'keepMessage',
            description: "Refused: a coach, another trainer's charge, no such charge.",
          },
          { target: 'failed', actions: 'keepMessage', description: 'No answer: said, with Try again.' },
        ],
      },
    },
    confirming: {
      description: "The exact words of the refund, with 'Refund' and 'Cancel'.",
      tags: ['view:confirm'],
      on: {
        'refund.confirm': { target: 'refunding', description: "The owner presses 'Refund'." },
        'refund.cancel': { target: 'cancelled', description: "The owner presses 'Cancel': nothing happens." },
      },
    },
    refunding: {
      description: 'Sends the confirmed amount and currency; the dialog says it is refunding.',
      tags: ['loading'],
      invoke: {
        id: 'refundCharge',
        src: 'refundCharge',
        input: ({ context }) => ({
          chargeID: context.chargeID,
          amount: context.preview?.amount ?? 0,
          currency: context.preview?.currency ?? '',
        }),
        onDone: { target: 'done', description: 'Refunded: the page says so and reads the member again.' },
        onError: [
          {
            guard: 'changed',
            target: 'changed',
            actions: 'keepChangedPreview',
            description: 'The charge changed: the new words, to be confirmed again.',
          },
          {
            guard: 'refused',
            target: 'refused',
            actions: 'keepMessage',
            description: 'Refused: said, nothing refunded.',
          },
          {
            target: 'previewing',
            actions: 'markUnsure',
            description: 'No answer: the refund may have happened, so the server is asked again.',
          },
        ],
      },
    },
    changed: {
      description: "The charge changed: the new exact words, what changed, and 'Refund' again or 'Cancel'.",
      tags: ['view:confirm', 'view:changed'],
      on: {
        'refund.confirm': { target: 'refunding', description: 'The owner confirms the new words.' },
        'refund.cancel': { target: 'cancelled', description: "The owner presses 'Cancel'." },
      },
    },
    failed: {
      description: 'No answer to the preview: said, with Try again.',
      tags: ['view:failed'],
      on: {
        'refund.retry': { target: 'previewing', description: "The owner presses 'Try again'." },
        'refund.cancel': { target: 'cancelled', description: "The owner presses 'Cancel'." },
      },
    },
    done: { description: 'Refunded.', tags: ['view:done'], type: 'final' },
    refused: { description: 'Refused, with the reason.', tags: ['view:refused'], type: 'final' },
    cancelled: { description: 'Closed without refunding.', tags: ['view:cancelled'], type: 'final' },
  },
});
