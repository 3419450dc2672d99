// The studio's catalogue, written from the issue's words: point 5 ("the same rules as the admin API (a
// sold price is archived and replaced, and the page says so before saving; members keep their
// price)"), point 7 (a role without the right, 403) and the shared design ("a plan or product change
// that would archive a sold price can be asked first with ?dryRun=true … so the page says so before
// saving"), with the guide's "bad input: a clear error message, nothing changed". A step is read as
// the page shows it (its tags).
import type { AnyMachineSnapshot } from 'xstate';
import { contextOf, errorStatus, field, type Rule, type SpecStep, seen } from './rule.ts';

interface PriceView {
  amount: number;
  currency: string;
}
interface CheckView {
  replacesSoldPrice: boolean;
  soldPrice: PriceView | null;
  newPrice: PriceView | null;
}
interface EditView {
  id: string | null;
  draft: unknown;
  check: CheckView | null;
  message: string | null;
}
const shows = (snapshot: AnyMachineSnapshot | undefined, view: string) =>
  snapshot?.hasTag(`view:${view}`) ?? false;
const ctx = (snapshot: AnyMachineSnapshot | undefined) => contextOf<EditView>(snapshot);
const started = (step: SpecStep, name: string) => step.started.find((call) => call.name === name);
const is = (type: string) => (step: SpecStep) => step.event.type === type;
const failed = (step: SpecStep) => step.event.type.startsWith('xstate.error.actor.');

export const catalogueEditRules: Rule[] = [
  {
    id: 'spec-studio-5-change-asked-first',
    section: 'studio-5',
    says: 'a change to an item that exists is asked of the server first (a dry run), never saved at once',
    applies: (step) => is('edit.save')(step) && ctx(step.before).id !== null,
    check: (step) =>
      started(step, 'checkChange') && !started(step, 'saveItem')
        ? null
        : `started ${seen(step.started.map((call) => call.name))}`,
  },
  {
    id: 'spec-studio-5-replacement-said-before-saving',
    section: 'studio-5',
    says: 'a change that replaces a sold price is saved only after the page said so and the owner confirmed',
    applies: (step) =>
      started(step, 'saveItem') !== undefined && ctx(step.before).check?.replacesSoldPrice === true,
    check: (step) =>
      is('edit.confirm')(step) && shows(step.before, 'confirmReplacement')
        ? null
        : `saved on ${step.event.type}`,
  },
  {
    id: 'spec-studio-5-words-carry-both-prices',
    section: 'studio-5',
    says: 'the words say the price members keep and the price new members pay, as the server said them',
    applies: (step) => shows(step.after, 'confirmReplacement') && !shows(step.before, 'confirmReplacement'),
    check: (step) => {
      const said = field<CheckView>(step.event, 'output');
      const kept = ctx(step.after).check;
      return kept?.soldPrice && kept.newPrice && seen(kept) === seen(said) ? null : `keeps ${seen(kept)}`;
    },
  },
  {
    id: 'spec-studio-5-bad-input-changes-nothing',
    section: 'studio-5',
    says: "a save refused for a field (or unanswered) brings back the form with the server's words and what was typed",
    applies: (step) => failed(step) && ![403, 404].includes(errorStatus(step.event) ?? 0),
    check: (step) =>
      shows(step.after, 'form') &&
      ctx(step.after).message === field<Error>(step.event, 'error').message &&
      seen(ctx(step.after).draft) === seen(ctx(step.before).draft)
        ? null
        : `shows ${seen(step.after.tags)}, says ${seen(ctx(step.after).message)}`,
  },
  {
    id: 'spec-studio-5-going-back-saves-nothing',
    section: 'studio-5',
    says: 'going back from a confirmation saves and archives nothing',
    applies: is('edit.back'),
    check: (step) => (step.started.length === 0 && shows(step.after, 'form') ? null : 'a call started'),
  },
  {
    id: 'spec-studio-5-archive-confirmed',
    section: 'studio-5',
    says: 'an item is archived only once the owner confirmed it',
    applies: (step) => started(step, 'archiveItem') !== undefined,
    check: (step) =>
      is('edit.confirm')(step) && shows(step.before, 'confirmArchive')
        ? null
        : `archived on ${step.event.type}`,
  },
  {
    id: 'spec-studio-7-role-refused',
    section: 'studio-7',
    says: "a role without the right (403) or another trainer's item (404) is refused, in the server's words",
    applies: (step) => failed(step) && [403, 404].includes(errorStatus(step.event) ?? 0),
    check: (step) =>
      shows(step.after, 'refused') && ctx(step.after).message === field<Error>(step.event, 'error').message
        ? null
        : `shows ${seen(step.after.tags)}`,
  },
  {
    id: 'spec-studio-1-waits-in-words',
    section: 'studio-1',
    says: 'while the server is asked the page says it is waiting',
    applies: (step) => step.started.length > 0,
    check: (step) => (step.after.hasTag('loading') ? null : `no loading on ${seen(step.after.value)}`),
  },
];
