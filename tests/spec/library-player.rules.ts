// The player's rules, written from the members' area's words ("What a member paid for, the minute
// they pay"): point 2, access as the member sees it ("a member who does not hold it is shown what it
// is and the way to buy it (never the content)", "a refund or an ended subscription closes access at
// once", the server deciding on every content request and the page only explaining, decision 136)
// and the drip ("day N of a challenge opens N-1 days after the member starts it": before its day the
// page says the date, and asks the server again rather than its own clock); point 3, the page ("shows
// its content with 'Mark as done'", "loading and empty states"); point 4, progress ("kept on the
// server", "Undo 'Mark as done'", "nothing lost on a double press, a retry"). A step is read as the
// page shows it (the tags the page reads), and the server's answers as the contract sends them.
import type { AnyMachineSnapshot } from 'xstate';
import { contextOf, field, type Rule, type SpecStep, seen } from './rule.ts';

/** Why an item is closed to the member, as the contract's 403 says it (issue point 6). */
const LOCK_REASONS = ['notHeld', 'refunded', 'ended', 'overdue', 'planNotIncluded', 'grantEnded'];
/** The unit's day has not come: the 403 carries the date it opens. */
const NOT_YET_OPEN = 'notYetOpen';

interface RefusalView {
  reason: string;
  message: string;
  opensAt?: string;
  product?: unknown;
}
interface PlayerView {
  refusal: RefusalView | null;
  error: string | null;
}
interface UnitAddress {
  kind: string;
  slug: string;
  unitKey: string;
}

/** What the page shows in a snapshot. */
type Shows = 'opening' | 'content' | 'content, done' | 'opens on' | 'locked' | 'not found' | 'failed';
function shows(snapshot: AnyMachineSnapshot | undefined): Shows {
  if (!snapshot) return 'opening';
  if (snapshot.hasTag('view:unit')) return snapshot.hasTag('unit:done') ? 'content, done' : 'content';
  if (snapshot.hasTag('view:opensOn')) return 'opens on';
  if (snapshot.hasTag('view:locked')) return 'locked';
  if (snapshot.hasTag('view:notFound')) return 'not found';
  if (snapshot.hasTag('view:failed')) return 'failed';
  return 'opening';
}
const showsContent = (snapshot: AnyMachineSnapshot | undefined) => shows(snapshot).startsWith('content');
const showsDone = (snapshot: AnyMachineSnapshot | undefined) => shows(snapshot) === 'content, done';

/** The refusal a failed call's error carries (the contract's 403 body), if any. */
const refusalOf = (step: SpecStep): RefusalView | null =>
  field<{ refusal?: RefusalView | null } | undefined>(step.event, 'error')?.refusal ?? null;
const lockedBy = (step: SpecStep) => LOCK_REASONS.includes(refusalOf(step)?.reason ?? '');
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const ctx = (step: SpecStep) => contextOf<PlayerView>(step.after);
const address = (step: SpecStep) => step.input as UnitAddress;
const startedCall = (step: SpecStep, name: string) => step.started.find((call) => call.name === name);
const canPress = (step: SpecStep, type: string) => step.after.can({ type } as never);

export const libraryPlayerRules: Rule[] = [
  {
    id: 'spec-members-2-server-asked-first',
    section: 'members-2',
    says: 'the server decides on every content request: the page asks it for this unit before it shows anything',
    applies: (step) => step.index === 0,
    check: (step) => {
      const { kind, slug, unitKey } = address(step);
      const asked = startedCall(step, 'readUnit')?.input;
      return seen(asked) === seen({ kind, slug, unitKey }) && shows(step.after) === 'opening'
        ? null
        : `asked ${seen(asked)}, shows ${shows(step.after)}`;
    },
  },
  {
    id: 'spec-members-2-content-only-from-the-server',
    section: 'members-2',
    says: 'the content shows only once the server sent it: the page never opens a unit by its own reckoning',
    applies: (step) => !showsContent(step.before) && showsContent(step.after),
    check: (step) => (is('xstate.done.actor.readUnit')(step) ? null : `content shown on ${step.event.type}`),
  },
  {
    id: 'spec-members-2-not-held-never-the-content',
    section: 'members-2',
    says: 'a member who does not hold it is shown why and what it is, with the way to buy it, never the content',
    applies: lockedBy,
    check: (step) => {
      const refusal = ctx(step).refusal;
      return shows(step.after) === 'locked' && seen(refusal) === seen(refusalOf(step))
        ? null
        : `shows ${shows(step.after)}, keeps ${seen(refusal)}`;
    },
  },
  {
    id: 'spec-members-2-closes-at-once',
    section: 'members-2',
    says: 'a refund or an ended subscription closes access at once: the content on screen goes when the server refuses',
    applies: (step) => showsContent(step.before) && lockedBy(step),
    check: (step) => (showsContent(step.after) ? `still shows ${shows(step.after)}` : null),
  },
  {
    id: 'spec-members-2-drip-opens-on',
    section: 'members-2',
    says: 'day N opens N-1 days after the start: before its day the page says the date it opens, never the content',
    applies: (step) => refusalOf(step)?.reason === NOT_YET_OPEN,
    check: (step) => {
      const opensAt = ctx(step).refusal?.opensAt;
      return shows(step.after) === 'opens on' && opensAt === refusalOf(step)?.opensAt
        ? null
        : `shows ${shows(step.after)}, opens at ${seen(opensAt)}`;
    },
  },
  {
    id: 'spec-members-2-drip-asked-again',
    section: 'members-2',
    says: "a day not yet open is asked of the server again, never opened by the device's clock",
    applies: (step) => shows(step.before) === 'opens on' && shows(step.after) !== 'opens on',
    check: (step) =>
      shows(step.after) === 'opening' && startedCall(step, 'readUnit')
        ? null
        : `shows ${shows(step.after)}, started ${seen(step.started.map((call) => call.name))}`,
  },
  {
    id: 'spec-members-3-mark-as-done-offered',
    section: 'members-3',
    says: "a day or lesson page shows its content with 'Mark as done'",
    applies: (step) =>
      is('xstate.done.actor.readUnit')(step) && field<{ done: boolean }>(step.event, 'output').done === false,
    check: (step) =>
      shows(step.after) === 'content' && canPress(step, 'unit.markDone')
        ? null
        : `shows ${shows(step.after)}, Mark as done ${canPress(step, 'unit.markDone') ? 'offered' : 'not offered'}`,
  },
  {
    id: 'spec-members-4-undo-offered',
    section: 'members-4',
    says: "a unit marked done shows as done, with 'Undo' and no second 'Mark as done' (once no call is waited for)",
    applies: (step) => showsDone(step.after) && !step.after.hasTag('loading'),
    check: (step) =>
      canPress(step, 'unit.markNotDone') && !canPress(step, 'unit.markDone')
        ? null
        : `undo ${canPress(step, 'unit.markNotDone')}, mark ${canPress(step, 'unit.markDone')}`,
  },
  {
    id: 'spec-members-4-kept-on-the-server',
    section: 'members-4',
    says: "progress is kept on the server: 'Mark as done' and 'Undo' tell it, for this unit",
    applies: (step) => is('unit.markDone')(step) || is('unit.markNotDone')(step),
    check: (step) => {
      const { kind, slug, unitKey } = address(step);
      const expected = { kind, slug, unitKey, done: is('unit.markDone')(step) };
      const sent = startedCall(step, 'markUnit')?.input;
      return seen(sent) === seen(expected) ? null : `sent ${seen(sent)}`;
    },
  },
  {
    id: 'spec-members-4-done-when-the-server-has-it',
    section: 'members-4',
    says: 'the page shows a unit done, or no longer done, only once the server has it so',
    applies: (step) =>
      step.before !== undefined && showsContent(step.after) && shows(step.after) !== shows(step.before),
    check: (step) => {
      const answered = is('xstate.done.actor.markUnit')(step) || is('xstate.done.actor.readUnit')(step);
      return answered ? null : `changed to ${shows(step.after)} on ${step.event.type}`;
    },
  },
  {
    id: 'spec-members-4-failed-mark-loses-nothing',
    section: 'members-4',
    says: 'a mark that fails loses nothing: the content and its state stay, with the message, and the member may press again',
    applies: (step) => is('xstate.error.actor.markUnit')(step) && refusalOf(step) === null,
    check: (step) => {
      const again = showsDone(step.before) ? 'unit.markNotDone' : 'unit.markDone';
      const message = field<Error>(step.event, 'error').message;
      return shows(step.after) === shows(step.before) && ctx(step).error === message && canPress(step, again)
        ? null
        : `shows ${shows(step.after)} (was ${shows(step.before)}), error ${seen(ctx(step).error)}`;
    },
  },
  {
    id: 'spec-members-3-waits-in-words',
    section: 'members-3',
    says: 'while the server is asked the page says it is waiting',
    applies: (step) => step.started.length > 0,
    check: (step) => (step.after.hasTag('loading') ? null : `no loading on ${shows(step.after)}`),
  },
];
