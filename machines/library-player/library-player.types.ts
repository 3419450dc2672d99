import type { LibraryRefusalBody } from '../../domain/api-types.ts';

/** Which unit the player opens: an item by its kind and slug, and the unit's stable key. */
export interface PlayerInput {
  kind: string;
  slug: string;
  unitKey: string;
}

/** What the player keeps of the server's answer: whether the unit is done. Its content stays in the page's query. */
export interface UnitRead {
  done: boolean;
}

/**
 * Why the server refused the unit, as it said it (the contract's 403): the date it opens
 * (`notYetOpen`), or why the item is closed and the product to buy, never the content.
 */
export type UnitRefusal = LibraryRefusalBody;

/**
 * A read or a mark of the members' content that failed: the server's message (or the client's key
 * for no answer), the HTTP status (0: no answer) and, for a 403, the server's refusal. The session's
 * RequestError says the same of its calls; this one stands alone so the members' code shares no
 * module with the session's flows.
 */
export class LibraryRefusal extends Error {
  readonly status: number;
  readonly refusal: UnitRefusal | null;
  constructor(message: string, status: number, refusal: UnitRefusal | null) {
    super(message);
    this.status = status;
    this.refusal = refusal;
  }
}

export interface LibraryPlayerContext extends PlayerInput {
  /** The server's refusal of the unit, while the page shows it: the date it opens, or why it is closed. */
  refusal: UnitRefusal | null;
  /** The message of a read or a mark that failed without a refusal (the server's words, or the client's key). */
  error: string | null;
}

export type LibraryPlayerEvent =
  | { type: 'unit.markDone' }
  | { type: 'unit.markNotDone' }
  /** A unit not open yet: ask the server again (the day may have come). */
  | { type: 'unit.checkAgain' }
  /** A read that failed: try again. */
  | { type: 'unit.retry' };
