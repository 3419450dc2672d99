// The studio's refund, written from the issue's words: point 4 ("the operator's actions from the CLI
// (refund…) behind a confirmation that states exactly what will happen in money: 'Refund $49 to Visa
// •••• 4242; the member loses the 30-Day Shred'"), point 7 ("a role without the right (403)") and the
// shared design ("the confirmation's exact words come from these fields"; "if they no longer match
// what would be refunded, 409 with the new preview (the amount confirmed is the amount refunded)"),
// with the guide's "money is never wrong; a screen never promises what the system does not do". A
// step is read as the page shows it (its tags) and the server's answers as the contract sends them.
import type { AnyMachineSnapshot } from 'xstate';
import { contextOf, errorStatus, field, type Rule, type SpecStep, seen } from './rule.ts';

interface PreviewView {
  chargeID: string;
  amount: number;
  currency: string;
  alreadyRefunded: boolean;
}
interface RefundView {
  preview: PreviewView | null;
  message: string | null;
}

const shows = (snapshot: AnyMachineSnapshot | undefined, view: string) =>
  snapshot?.hasTag(`view:${view}`) ?? false;
const ctx = (snapshot: AnyMachineSnapshot | undefined) => contextOf<RefundView>(snapshot);
const started = (step: SpecStep, name: string) => step.started.find((call) => call.name === name);
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const charge = (step: SpecStep) => (step.input as { chargeID: string }).chargeID;
const previewOf = (step: SpecStep) => field<PreviewView | undefined>(step.event, 'output');
const conflictPreview = (step: SpecStep) =>
  field<{ body?: { refund?: PreviewView } } | undefined>(step.event, 'error')?.body?.refund;

export const studioRefundRules: Rule[] = [
  {
    id: 'spec-studio-4-asks-the-server-first',
    section: 'studio-4',
    says: 'the dialog asks the server what refunding this charge would do before it says anything',
    applies: (step) => step.index === 0,
    check: (step) => {
      const asked = started(step, 'previewRefund')?.input;
      return seen(asked) === seen({ chargeID: charge(step) }) && step.after.hasTag('loading')
        ? null
        : `asked ${seen(asked)}`;
    },
  },
  {
    id: 'spec-studio-4-money-moves-on-read-words',
    section: 'studio-4',
    says: 'money moves only when the owner confirms the exact words on screen',
    applies: (step) => started(step, 'refundCharge') !== undefined,
    check: (step) =>
      is('refund.confirm')(step) && shows(step.before, 'confirm')
        ? null
        : `refund sent on ${step.event.type} from a screen that showed no confirmation`,
  },
  {
    id: 'spec-studio-4-amount-confirmed-is-refunded',
    section: 'studio-4',
    says: 'the amount and currency sent are those of the words the owner confirmed',
    applies: (step) => started(step, 'refundCharge') !== undefined,
    check: (step) => {
      const shown = ctx(step.before).preview;
      const sent = started(step, 'refundCharge')?.input;
      const expected = { chargeID: charge(step), amount: shown?.amount, currency: shown?.currency };
      return seen(sent) === seen(expected) ? null : `confirmed ${seen(expected)}, sent ${seen(sent)}`;
    },
  },
  {
    id: 'spec-studio-4-changed-confirmed-again',
    section: 'studio-4',
    says: 'a charge that changed (409 with a new preview) is said again with the new words, to be confirmed again, nothing refunded meanwhile',
    applies: (step) => errorStatus(step.event) === 409 && conflictPreview(step) !== undefined,
    check: (step) =>
      shows(step.after, 'confirm') &&
      seen(ctx(step.after).preview) === seen(conflictPreview(step)) &&
      step.started.length === 0
        ? null
        : `shows ${seen(step.after.tags)}, keeps ${seen(ctx(step.after).preview)}`,
  },
  {
    id: 'spec-studio-4-lost-answer-never-sent-twice',
    section: 'studio-4',
    says: 'a refund whose answer was lost may have happened: the server is asked again, the refund is not sent again',
    applies: (step) => is('xstate.error.actor.refundCharge')(step) && errorStatus(step.event) === 0,
    check: (step) =>
      started(step, 'previewRefund') && !started(step, 'refundCharge')
        ? null
        : `started ${seen(step.started.map((call) => call.name))}`,
  },
  {
    id: 'spec-studio-4-refunded-not-offered-again',
    section: 'studio-4',
    says: 'a charge already refunded is said so, and no refund is offered',
    applies: (step) =>
      is('xstate.done.actor.previewRefund')(step) && previewOf(step)?.alreadyRefunded === true,
    check: (step) =>
      !shows(step.after, 'confirm') && !step.after.can({ type: 'refund.confirm' })
        ? null
        : `offers a refund: ${seen(step.after.tags)}`,
  },
  {
    id: 'spec-studio-7-refusal-said',
    section: 'studio-7',
    says: "a role without the right (403) or another trainer's charge (404) is refused, in the server's words",
    applies: (step) => {
      const status = errorStatus(step.event);
      return status === 403 || status === 404;
    },
    check: (step) => {
      const message = field<Error>(step.event, 'error').message;
      return shows(step.after, 'refused') && ctx(step.after).message === message
        ? null
        : `shows ${seen(step.after.tags)}, says ${seen(ctx(step.after).message)}`;
    },
  },
  {
    id: 'spec-studio-1-waits-in-words',
    section: 'studio-1',
    says: 'while the server is asked the dialog says it is waiting (a loading state)',
    applies: (step) => step.started.length > 0,
    check: (step) => (step.after.hasTag('loading') ? null : `no loading on ${seen(step.after.value)}`),
  },
];
