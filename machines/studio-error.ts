/**
 * A studio call that failed: the server's message in the staff member's language (or the client's
 * key when there was no answer), its HTTP status (0: no answer) and the body it sent, which may say
 * more than its message (a 409 carries the new preview). The studio's flows share it; the members'
 * flows have their own, so neither entry loads the other's code.
 */
export class StudioRequestError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export const statusOf = (error: unknown): number => (error instanceof StudioRequestError ? error.status : 0);
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
