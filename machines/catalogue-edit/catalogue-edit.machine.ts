/**
 * The owner adds, edits or archives a plan, a product or a coupon of the catalogue.
 *
 * Lifecycle: the form is filled and saved. A new item is saved at once. A change to an existing one is
 * first asked of the server as a dry run, which says whether a price members bought would be archived
 * and replaced (a sold price is never changed in place: members keep the price they pay). If so, the
 * page says it in exact words ("Members who hold $29.99 keep it; new members pay $34.99") before
 * anything is saved, and the owner confirms or goes back to the form. Archiving asks for a
 * confirmation too (the item leaves the public pages; members who hold it keep it).
 *
 * Why it is shaped so: the catalogue's rules are the admin API's (the same service functions); the
 * chart keeps none of its own, only the server's answers, so the page never promises what the server
 * would not do. A refusal of the form (a bad field) brings the form back with the server's words and
 * nothing changed; a role without the right is refused for good.
 */
import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from '../not-provided.ts';
import { messageOf, statusOf } from '../studio-error.ts';
import type {
  CatalogueCheck,
  CatalogueEditContext,
  CatalogueEditEvent,
  CatalogueEditInput,
  Draft,
} from './catalogue-edit.types.ts';

const errorOf = (event: unknown) => (event as { error?: unknown }).error;
type Call = { kind: CatalogueEditInput['kind']; id: string | null; draft: Draft };

export const catalogueEditMachine = setup({
  // Stryker disable next-line ObjectLiteral: types only, erased at run time.
  types: {
    context: {} as CatalogueEditContext,
    events: {} as CatalogueEditEvent,
    input: {} as CatalogueEditInput,
  },
  actors: {
    /** The server's dry run of the change: what it would do, nothing saved. */
    checkChange: fromPromise<CatalogueCheck, Call>(async () => notProvided('checkChange')),
    /** Saves the item (adds it, or changes it as the dry run said). */
    saveItem: fromPromise<unknown, Call>(async () => notProvided('saveItem')),
    /** Archives the item: it leaves the public pages; those who hold it keep it. */
    archiveItem: fromPromise<unknown, { kind: CatalogueEditInput['kind']; id: string }>(async () =>
      notProvided('archiveItem'),
    ),
  },
  actions: {
    keepDraft: assign({
      draft: ({ event, context }) => (event.type === 'edit.save' ? event.draft : context.draft),
      message: () => null,
    }),
    keepCheck: assign({ check: ({ event }) => (event as { output?: CatalogueCheck }).output ?? null }),
    forgetCheck: assign({ check: () => null }),
    keepMessage: assign({ message: ({ event }) => messageOf(errorOf(event)) }),
    forgetMessage: assign({ message: () => null }),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    isExisting: ({ context }) => context.id !== null,
    replacesSoldPrice: ({ event }) =>
      (event as { output?: CatalogueCheck }).output?.replacesSoldPrice === true,
    forbidden: ({ event }) => {
      const status = statusOf(errorOf(event));
      return status === 403 || status === 404;
    },
  },
}).createMachine({
  id: 'catalogueEdit',
  description:
    'The owner adds, edits or archives an item of the catalogue; a change that would replace a price members bought is said in exact words before it is saved.',
  meta: {
    guards: {
      isNew: 'A new item (nothing sold yet: no dry run).',
      isExisting: 'An item that exists (it can be archived).',
      replacesSoldPrice: 'The dry run says a price members bought would be archived and replaced.',
      forbidden: "Refused for good: a role without the right (403) or another trainer's item (404).",
    },
    delays: {},
  },
  context: ({ input }) => ({ ...input, draft: null, check: null, message: null }),
  initial: 'editing',
  states: {
    editing: {
      description: "The form, with the server's words if the last save was refused.",
      tags: ['view:form'],
      on: {
        'edit.save': [
          {
            guard: 'isNew',
            target: 'saving',
            actions: 'keepDraft',
            description: "The owner presses 'Save' on a new item.",
          },
          {
            target: 'checking',
            actions: 'keepDraft',
            description: "The owner presses 'Save' on a change: the server is asked first.",
          },
        ],
        'edit.archive': {
          guard: 'isExisting',
          target: 'confirmingArchive',
          actions: 'forgetMessage',
          description: "The owner presses 'Archive'.",
        },
      },
    },
    checking: {
      description: 'The dry run: the page says it is checking what the change would do.',
      tags: ['loading', 'view:form'],
      invoke: {
        id: 'checkChange',
        src: 'checkChange',
        input: ({ context }) => ({ kind: context.kind, id: context.id, draft: context.draft ?? {} }),
        onDone: [
          {
            guard: 'replacesSoldPrice',
            target: 'confirmingReplacement',
            actions: 'keepCheck',
            description: 'A sold price would be replaced: said in exact words, to confirm.',
          },
          { target: 'saving', actions: 'keepCheck', description: 'Nothing sold is touched: saved at once.' },
        ],
        onError: [
          { guard: 'forbidden', target: 'refused', actions: 'keepMessage', description: 'Refused for good.' },
          {
            target: 'editing',
            actions: 'keepMessage',
            description: "A bad field, or no answer: the form with the server's words, nothing changed.",
          },
        ],
      },
    },
    confirmingReplacement: {
      description:
        "'Members who hold $29.99 keep it; new members pay $34.99', with 'Save' and 'Back to the form'.",
      tags: ['view:confirmReplacement'],
      on: {
        'edit.confirm': { target: 'saving', description: "The owner presses 'Save' again." },
        'edit.back': {
          target: 'editing',
          actions: 'forgetCheck',
          description: 'The owner goes back to the form: nothing saved.',
        },
      },
    },
    saving: {
      description: 'Saves; the page says it is saving.',
      tags: ['loading'],
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({ kind: context.kind, id: context.id, draft: context.draft ?? {} }),
        onDone: { target: 'saved', description: 'Saved: the list and the preview of the cards show it.' },
        onError: [
          { guard: 'forbidden', target: 'refused', actions: 'keepMessage', description: 'Refused for good.' },
          {
            target: 'editing',
            actions: ['keepMessage', 'forgetCheck'],
            description: "A bad field, or no answer: the form with the server's words.",
          },
        ],
      },
    },
    confirmingArchive: {
      description:
        "'Archive it? It leaves the public pages; those who hold it keep it', with 'Archive' and 'Back'.",
      tags: ['view:confirmArchive'],
      on: {
        'edit.confirm': { target: 'archiving', description: "The owner presses 'Archive'." },
        'edit.back': { target: 'editing', description: 'The owner goes back: nothing archived.' },
      },
    },
    archiving: {
      description: 'Archives; the page says so.',
      tags: ['loading'],
      invoke: {
        id: 'archiveItem',
        src: 'archiveItem',
        input: ({ context }) => ({ kind: context.kind, id: context.id ?? '' }),
        onDone: { target: 'archived', description: 'Archived: it leaves the list of what is offered.' },
        onError: [
          { guard: 'forbidden', target: 'refused', actions: 'keepMessage', description: 'Refused for good.' },
          {
            target: 'editing',
            actions: 'keepMessage',
            description: "No answer or refused: the server's words.",
          },
        ],
      },
    },
    saved: { description: 'Saved.', tags: ['view:saved'], type: 'final' },
    archived: { description: 'Archived.', tags: ['view:archived'], type: 'final' },
    refused: { description: 'Refused for good, with the reason.', tags: ['view:refused'], type: 'final' },
  },
});
