// The studio refund's executor table: the owner opens a member's page and presses Refund on the
// 30-Day Shred ($49.00 by Visa •••• 4242); the server previews it (or it is already refunded, or the
// role may not refund, or no answer), the owner confirms or cancels, and the server refunds, says the
// charge changed meanwhile ($39.00 left), refuses (more than was charged, a coach) or never answers.
// The words the owner must read are the spec's sentence written out by hand, never the studio's own
// helpers' output.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { StudioRequestError } from '../../../machines/studio-error.ts';
import { studioRefundMachine } from '../../../machines/studio-refund/studio-refund.machine.ts';
import type { RefundPreview } from '../../../machines/studio-refund/studio-refund.types.ts';
import {
  type Action,
  answers,
  button,
  type EventTable,
  key,
  type Opening,
  type Outcome,
  type StateTable,
  type Target,
} from '../ui.ts';

type Refund = typeof studioRefundMachine;
type RefundSnapshot = SnapshotFrom<Refund>;
type ChildSettled =
  | 'xstate.done.actor.previewRefund'
  | 'xstate.error.actor.previewRefund'
  | 'xstate.done.actor.refundCharge'
  | 'xstate.error.actor.refundCharge';

export const REFUND_CHARGE = 'ch_shred';

/** Where the paths open: the member's page, the refund pressed by the owner. */
export const REFUND_OPENING: Opening = {
  does: "The owner opens Mia Member's page and presses Refund on the 30-Day Shred",
  path: '/studio/members/m1',
  member: null,
  verification: true,
  studio: { staff: 'owner' },
  // The button's name ends with the charge's date, in the page's language: its start is matched.
  press: {
    role: 'button',
    name: key('studio.member.refundOf', { description: '30-Day Shred', date: '' }),
    exact: false,
  },
};
export const REFUND_INPUT = { chargeID: REFUND_CHARGE };

/** The charge as paid: $49.00 by Visa •••• 4242, which loses the member the 30-Day Shred. */
export const REFUND_PREVIEW: RefundPreview = {
  chargeID: REFUND_CHARGE,
  amount: 4900,
  currency: 'usd',
  card: { brand: 'Visa', last4: '4242' },
  productName: '30-Day Shred',
  loses: [{ kind: 'challenge', name: '30-Day Shred' }],
  alreadyRefunded: false,
};
/** Someone refunded $10.00 of it meanwhile: $39.00 is left. */
export const CHANGED_PREVIEW: RefundPreview = { ...REFUND_PREVIEW, amount: 3900 };
const ALREADY: RefundPreview = { ...REFUND_PREVIEW, alreadyRefunded: true };

/** The server's refusals, in its words (locales/api). */
export const COACH_REFUSAL = 'Only an owner of the studio may do that; ask an owner';
export const OVER_CHARGE = 'Charge ch_shred was $49.00: a refund of $59.00 is more than was charged';
const OFFLINE = new StudioRequestError('errors.network', 0);
const COACH = new StudioRequestError(COACH_REFUSAL, 403);
const OVER = new StudioRequestError(OVER_CHARGE, 400);
const CONFLICT = new StudioRequestError('The charge changed: confirm the new amount.', 409, {
  success: false,
  refund: CHANGED_PREVIEW,
});

/** The spec's words for each preview, written out by hand (spec studio-4). */
export const WORDS: Record<number, string> = {
  4900: 'Refund $49.00 to Visa •••• 4242; the member loses the 30-Day Shred',
  3900: 'Refund $39.00 to Visa •••• 4242; the member loses the 30-Day Shred',
};

function failure(error: unknown): { does: string; outcome: Outcome } {
  if (!(error instanceof StudioRequestError) || error.status === 0)
    return { does: 'the network fails (no answer)', outcome: { ok: false, network: true } };
  const body = error.body as Record<string, unknown> | null;
  const refusal = body && 'refund' in body ? { refund: body.refund } : undefined;
  const does =
    error.status === 409
      ? 'the server says the charge changed: $39.00 is left'
      : error === OVER
        ? 'the server refuses: more than was charged'
        : 'the server refuses: only an owner may refund (a coach)';
  return {
    does,
    outcome: { ok: false, status: error.status, message: error.message, ...(refusal ? { refusal } : {}) },
  };
}

const answer = (
  call: 'previewRefund' | 'refundCharge',
  error: unknown,
): { does: string; actions: Action[] } => {
  const { does, outcome } = failure(error);
  return { does, actions: [{ answer: call, outcome }] };
};

export const studioRefundEvents = {
  'xstate.done.actor.previewRefund': ({ event }) => {
    const preview = (event as AnyEventObject & { output: RefundPreview }).output;
    return {
      does: preview.alreadyRefunded
        ? 'the server says it is already refunded'
        : 'the server previews $49.00 to Visa •••• 4242',
      actions: [{ answer: 'previewRefund', outcome: { ok: true, body: preview } }],
    };
  },
  'xstate.error.actor.previewRefund': ({ event }) =>
    answer('previewRefund', (event as { error?: unknown }).error),
  'refund.confirm': ({ before }) => ({
    does: `presses Refund ${before.context.preview?.amount === 3900 ? '$39.00' : '$49.00'}`,
    actions: [
      {
        click: button('studio.refund.confirm', {
          amount: before.context.preview?.amount === 3900 ? '$39.00' : '$49.00',
        }),
      },
    ],
  }),
  'refund.cancel': () => ({ does: 'presses Cancel', actions: [{ click: button('studio.cancel') }] }),
  'refund.retry': () => ({ does: 'presses Try again', actions: [{ click: button('studio.retry') }] }),
  'xstate.done.actor.refundCharge': answers('the server refunds it', 'refundCharge', { ok: true }),
  'xstate.error.actor.refundCharge': ({ event }) =>
    answer('refundCharge', (event as { error?: unknown }).error),
} satisfies EventTable<Refund, ChildSettled>;

const DIALOG: Target = { role: 'dialog', name: key('studio.refund.title') };
/** The words are English: the refund's paths replay in English (the money's format is the language's). */
const words = (amount: number): Target => ({ text: key(WORDS[amount] ?? '') });
const CONFIRM = (amount: string): Target => button('studio.refund.confirm', { amount });

export const studioRefundStates = {
  previewing: (s: RefundSnapshot) => ({
    says: s.context.unsure
      ? 'that the answer was lost and the studio checks whether it was made'
      : 'that the studio checks what the refund would do',
    shows: [DIALOG, { text: key(s.context.unsure ? 'studio.refund.unsure' : 'studio.refund.checking') }],
    hides: [CONFIRM('$49.00')],
  }),
  confirming: () => ({
    says: "'Refund $49.00 to Visa •••• 4242; the member loses the 30-Day Shred', with Refund $49.00 and Cancel",
    shows: [DIALOG, words(4900), CONFIRM('$49.00'), button('studio.cancel')],
  }),
  refunding: () => ({
    says: 'that it is refunding',
    shows: [DIALOG, { text: key('studio.refund.refunding') }],
  }),
  changed: (s: RefundSnapshot) => {
    // A second change is said from the first's amount: what the owner last read.
    const before = s.context.previous?.amount === 3900 ? '$39.00' : '$49.00';
    return {
      says: `that the charge changed ($39.00, it was ${before}), the new words and Refund $39.00`,
      shows: [
        { role: 'alert' as const, name: key('studio.refund.changed', { after: '$39.00', before }) },
        words(3900),
        CONFIRM('$39.00'),
      ],
      hides: [CONFIRM('$49.00')],
    };
  },
  failed: () => ({
    says: 'that the studio could not be reached, with Try again and Cancel',
    shows: [{ role: 'alert', name: key('errors.network') }, button('studio.retry')],
  }),
  done: (s: RefundSnapshot) => ({
    says: `that ${s.context.preview?.amount === 3900 ? '$39.00' : '$49.00'} was refunded`,
    shows: [
      {
        role: 'status',
        name: key('studio.refund.done', {
          amount: s.context.preview?.amount === 3900 ? '$39.00' : '$49.00',
        }),
      },
    ],
    hides: [CONFIRM('$49.00'), CONFIRM('$39.00')],
  }),
  refused: (s: RefundSnapshot) => ({
    says: s.context.preview?.alreadyRefunded
      ? 'that the charge is already refunded, and nothing to confirm'
      : `why it was refused, in the server's words ("${s.context.message}")`,
    shows: [
      {
        role: 'alert',
        name: key(
          s.context.preview?.alreadyRefunded
            ? 'studio.refund.alreadyRefunded'
            : (s.context.message ?? 'errors.unexpected'),
        ),
      },
    ],
    hides: [CONFIRM('$49.00'), CONFIRM('$39.00')],
  }),
  cancelled: () => ({
    says: "the member's page, nothing refunded",
    shows: [],
    hides: [DIALOG],
  }),
} satisfies StateTable<Refund>;

export function studioRefundSamples(): Record<string, AnyEventObject[]> {
  const errors = (type: string, list: unknown[]) => list.map((error) => ({ type, error }));
  return {
    'xstate.done.actor.previewRefund': [REFUND_PREVIEW, ALREADY].map((output) => ({
      type: 'xstate.done.actor.previewRefund',
      output,
    })),
    'xstate.error.actor.previewRefund': errors('xstate.error.actor.previewRefund', [COACH, OFFLINE]),
    'xstate.done.actor.refundCharge': [{ type: 'xstate.done.actor.refundCharge', output: {} }],
    'xstate.error.actor.refundCharge': errors('xstate.error.actor.refundCharge', [CONFLICT, OVER, OFFLINE]),
  };
}

export const studioRefundExecutor = {
  machine: studioRefundMachine,
  events: studioRefundEvents,
  states: studioRefundStates,
};
