// The catalogue editor's executor table: the owner edits the Monthly plan ($29.99 a month, bought by
// members) or adds a Weekly one ($9.99). A change is asked of the server first: a new amount replaces
// the sold price (said before saving: "Members who hold $29.99 keep it; new members pay $34.99"), a
// new name touches nothing sold, and an amount past the contract's ceiling is refused with the
// server's words and nothing saved. Archiving is confirmed first; a role without the right is
// refused for good; no answer brings the form back with the message.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { catalogueEditMachine } from '../../../machines/catalogue-edit/catalogue-edit.machine.ts';
import type { CatalogueCheck, Draft } from '../../../machines/catalogue-edit/catalogue-edit.types.ts';
import { StudioRequestError } from '../../../machines/studio-error.ts';
import {
  type Action,
  answers,
  button,
  type EventTable,
  field,
  key,
  type Opening,
  type Outcome,
  presses,
  type StateTable,
  type Target,
} from '../ui.ts';

type Edit = typeof catalogueEditMachine;
type EditSnapshot = SnapshotFrom<Edit>;
type ChildSettled =
  | 'xstate.done.actor.checkChange'
  | 'xstate.error.actor.checkChange'
  | 'xstate.done.actor.saveItem'
  | 'xstate.error.actor.saveItem'
  | 'xstate.done.actor.archiveItem'
  | 'xstate.error.actor.archiveItem';

export const EDIT_OPENINGS: { opening: Opening; input: { kind: 'plan'; id: string | null } }[] = [
  {
    opening: {
      does: 'The owner opens the catalogue and presses Edit on the Monthly plan ($29.99, bought by members)',
      path: '/studio/catalogue',
      member: null,
      verification: true,
      studio: { staff: 'owner' },
      press: button('studio.catalogue.editOf', { name: 'Monthly' }),
    },
    input: { kind: 'plan', id: 'price_monthly' },
  },
  {
    opening: {
      does: 'The owner opens the catalogue and presses Add a plan',
      path: '/studio/catalogue',
      member: null,
      verification: true,
      studio: { staff: 'owner' },
      press: button('studio.catalogue.addPlan'),
    },
    input: { kind: 'plan', id: null },
  },
];

/** The drafts the form sends for what the owner types (amounts in cents, worked out by hand). */
const NEW_PRICE: Draft = { amount: 3499 }; // 34.99 typed
const PAST_CEILING: Draft = { amount: 100_000_001 }; // 1000000.01 typed: past the contract's 99999999
const RENAMED: Draft = { nicknames: { en: 'Monthly plan' } };
const WEEKLY: Draft = {
  interval: 'month',
  intervalCount: 1,
  amount: 999, // 9.99 typed
  currency: 'usd',
  trialDays: null,
  nicknames: { en: 'Weekly' },
};

/** The server's words (locales/api): its validator's for the ceiling, its refusal of a coach. */
export const CEILING_MESSAGE = 'The amount must be at most 99999999.';
export const NOT_OWNER = 'Only an owner of the studio may do that; ask an owner';
const OFFLINE = new StudioRequestError('errors.network', 0);
const PAST = new StudioRequestError(CEILING_MESSAGE, 400);
const FORBIDDEN = new StudioRequestError(NOT_OWNER, 403);

const amountField: Target = { label: key('studio.catalogue.amount', { currency: 'USD' }) };

const same = (a: Draft | null, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

function typing(draft: Draft): { does: string; actions: Action[] } {
  if (same(draft, WEEKLY))
    return {
      does: "types 'Weekly' and 9.99, and presses Save",
      actions: [
        { fill: field('studio.catalogue.nameEn'), value: 'Weekly' },
        { fill: amountField, value: '9.99' },
        { click: button('studio.catalogue.save') },
      ],
    };
  if (same(draft, RENAMED))
    return {
      does: "renames it 'Monthly plan' and presses Save",
      actions: [
        { fill: field('studio.catalogue.nameEn'), value: 'Monthly plan' },
        { fill: amountField, value: '29.99' },
        { click: button('studio.catalogue.save') },
      ],
    };
  const typed = same(draft, PAST_CEILING) ? '1000000.01' : '34.99';
  return {
    does: `types ${typed} as the price and presses Save`,
    actions: [
      { fill: field('studio.catalogue.nameEn'), value: 'Monthly' },
      // Emptied first: the number field reads a change as an edit of what it holds.
      { fill: amountField, value: '' },
      { fill: amountField, value: typed },
      { click: button('studio.catalogue.save') },
    ],
  };
}

function failure(error: unknown): { does: string; outcome: Outcome } {
  if (error === OFFLINE)
    return { does: 'the network fails (no answer)', outcome: { ok: false, network: true } };
  const refused = error as StudioRequestError;
  return {
    does:
      refused.status === 403
        ? 'the server refuses: only an owner changes the catalogue'
        : 'the server refuses the price: past the ceiling',
    outcome: { ok: false, status: refused.status, message: refused.message },
  };
}

const answer = (
  call: 'checkChange' | 'saveItem' | 'archiveItem',
  error: unknown,
): { does: string; actions: Action[] } => {
  const { does, outcome } = failure(error);
  return { does, actions: [{ answer: call, outcome }] };
};

export const catalogueEditEvents = {
  'edit.save': ({ event }) => typing((event as AnyEventObject & { draft: Draft }).draft),
  'xstate.done.actor.checkChange': ({ event }) => {
    const check = (event as AnyEventObject & { output: CatalogueCheck }).output;
    return {
      does: check.replacesSoldPrice
        ? 'the dry run says the sold price would be replaced'
        : 'the dry run says nothing sold is touched',
      actions: [
        { answer: 'checkChange', outcome: { ok: true, body: { replaces: check.replacesSoldPrice } } },
      ],
    };
  },
  'xstate.error.actor.checkChange': ({ event }) =>
    answer('checkChange', (event as { error?: unknown }).error),
  'edit.confirm': ({ before }) =>
    before.matches('confirmingArchive')
      ? { does: 'presses Archive', actions: [{ click: button('studio.catalogue.archive') }] }
      : {
          does: 'presses Save the new price',
          actions: [{ click: button('studio.catalogue.saveReplacing') }],
        },
  'edit.back': ({ before }) =>
    before.matches('confirmingArchive')
      ? { does: 'presses Back', actions: [{ click: button('studio.back') }] }
      : { does: 'presses Back to the form', actions: [{ click: button('studio.catalogue.backToForm') }] },
  'edit.archive': presses('presses Archive', 'studio.catalogue.archive'),
  'xstate.done.actor.saveItem': answers('the server saves it', 'saveItem', { ok: true }),
  'xstate.error.actor.saveItem': ({ event }) => answer('saveItem', (event as { error?: unknown }).error),
  'xstate.done.actor.archiveItem': answers('the server archives it', 'archiveItem', { ok: true }),
  'xstate.error.actor.archiveItem': ({ event }) =>
    answer('archiveItem', (event as { error?: unknown }).error),
} satisfies EventTable<Edit, ChildSettled>;

const SAVE = button('studio.catalogue.save');
const formWith = (s: EditSnapshot): Target[] => [
  amountField,
  SAVE,
  ...(s.context.message ? [{ role: 'alert' as const, name: key(s.context.message) }] : []),
];
const REPLACEMENT = 'Members who hold $29.99 keep it; new members pay $34.99';

export const catalogueEditStates = {
  editing: (s: EditSnapshot) => ({
    says: s.context.message
      ? `the form again, with the server's words ("${s.context.message}"), nothing saved`
      : 'the form',
    shows: formWith(s),
  }),
  checking: () => ({
    says: 'that the studio checks what the change would do',
    shows: [{ text: key('studio.catalogue.checking') }],
  }),
  confirmingReplacement: () => ({
    says: `'${REPLACEMENT}', with Save the new price and Back to the form`,
    shows: [
      { text: key(REPLACEMENT) },
      button('studio.catalogue.saveReplacing'),
      button('studio.catalogue.backToForm'),
    ],
    hides: [SAVE],
  }),
  saving: () => ({ says: 'that it is saving', shows: [{ text: key('studio.catalogue.saving') }] }),
  confirmingArchive: () => ({
    says: "'Archive it? It leaves the site at once; members who hold it keep it', with Archive and Back",
    shows: [{ text: key('studio.catalogue.archiveWords') }, button('studio.back')],
    hides: [SAVE],
  }),
  archiving: () => ({ says: 'that it is archiving', shows: [{ text: key('studio.catalogue.archiving') }] }),
  saved: () => ({ says: 'the catalogue, the editor closed', shows: [], hides: [{ role: 'dialog' }] }),
  archived: () => ({ says: 'the catalogue, the editor closed', shows: [], hides: [{ role: 'dialog' }] }),
  refused: (s: EditSnapshot) => ({
    says: `that it is refused for good ("${s.context.message}"), with Close`,
    shows: [{ role: 'alert', name: key(s.context.message ?? 'errors.unexpected') }, button('studio.close')],
    hides: [SAVE],
  }),
} satisfies StateTable<Edit>;

const check = (replaces: boolean): CatalogueCheck => ({
  replacesSoldPrice: replaces,
  soldPrice: replaces ? { amount: 2999, currency: 'usd' } : null,
  newPrice: replaces ? { amount: 3499, currency: 'usd' } : null,
});

export function catalogueEditSamples(): Record<string, (s: EditSnapshot) => AnyEventObject[]> {
  const errors = (type: string, list: unknown[]) => list.map((error) => ({ type, error }));
  const draftOf = (s: EditSnapshot) => s.context.draft;
  return {
    'edit.save': (s) =>
      (s.context.id ? [NEW_PRICE, PAST_CEILING, RENAMED] : [WEEKLY]).map((draft) => ({
        type: 'edit.save',
        draft,
      })),
    // What the server answers is what the draft asks: a new amount replaces the sold price, a new
    // name touches nothing sold, an amount past the ceiling is refused.
    'xstate.done.actor.checkChange': (s) =>
      same(draftOf(s), PAST_CEILING)
        ? []
        : [{ type: 'xstate.done.actor.checkChange', output: check(same(draftOf(s), NEW_PRICE)) }],
    'xstate.error.actor.checkChange': (s) =>
      errors(
        'xstate.error.actor.checkChange',
        same(draftOf(s), PAST_CEILING) ? [PAST] : [FORBIDDEN, OFFLINE],
      ),
    'xstate.done.actor.saveItem': () => [{ type: 'xstate.done.actor.saveItem', output: {} }],
    'xstate.error.actor.saveItem': () => errors('xstate.error.actor.saveItem', [FORBIDDEN, OFFLINE]),
    'xstate.done.actor.archiveItem': () => [{ type: 'xstate.done.actor.archiveItem', output: {} }],
    'xstate.error.actor.archiveItem': () => errors('xstate.error.actor.archiveItem', [FORBIDDEN, OFFLINE]),
  };
}

export const catalogueEditExecutor = {
  machine: catalogueEditMachine,
  events: catalogueEditEvents,
  states: catalogueEditStates,
};
