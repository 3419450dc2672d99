// A hosted page's payment refused inside its transaction: thrown so that the transaction rolls back
// (the session's claim with it), then caught and shown to the member with what they can do.
export class Refused extends Error {
  readonly reason: string | null;
  constructor(reason: string | null) {
    super(reason ?? 'refused');
    this.reason = reason;
  }
}

/** The refusal a transaction was rolled back for, to show; anything else goes on failing. */
export function refusal(error: unknown): { message: string | null } {
  if (error instanceof Refused) return { message: error.reason };
  throw error;
}
