// What the dev collector of the embedded services holds (the endpoints are dev-events.routes.ts):
// the SPA's error reports, analytics events and engagement calls, and the server's own 5xx reports.
// The list lives in the process's memory, newest kept: it shows what a journey sends, it is not a
// store. Anyone who can reach the port can post to it, so it holds a bounded number of bytes (the
// oldest go first), keeps no event too big to be a browser's, and answers one page at a time.

export type DevEventKind = 'error' | 'session' | 'analytics' | 'engagement';

export interface DevEvent {
  seq: number;
  at: string;
  kind: DevEventKind;
  source: 'browser' | 'server';
  /** A one-line summary for the page: the error's class and message, the event's or call's name. */
  summary: string;
  payload: unknown;
}

const KEEP = 1000;
/** Bugsnag batches at most a few events per request; anything bigger is not a browser's report. */
export const BODY_LIMIT = 256 * 1024;
/** One event, as JSON: a browser's error report with its breadcrumbs is a few kilobytes. */
export const EVENT_LIMIT = 64 * 1024;
/** Everything held, so memory stays bounded however much is posted. */
export const HELD_LIMIT = 4 * 1024 * 1024;
/** Events per answer, JSON or HTML: a page renders in milliseconds whatever is held. */
export const PAGE = 100;
const SUMMARY_LIMIT = 300;

interface Held extends DevEvent {
  bytes: number;
}

/** The JSON size of what an event keeps, or Infinity when it cannot be written as JSON. */
function sizeOf(summary: string, payload: unknown): number {
  try {
    return Buffer.byteLength(summary) + Buffer.byteLength(JSON.stringify(payload) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

export class DevEvents {
  private events: Held[] = [];
  private seq = 0;
  private held = 0;

  /** Whether an event of this summary and payload is small enough to keep. */
  static fits(summary: string, payload: unknown): boolean {
    return sizeOf(summary.slice(0, SUMMARY_LIMIT), payload) <= EVENT_LIMIT;
  }

  /** Keeps the event, dropping the oldest ones to stay within the bounds; an oversized one is dropped. */
  add(kind: DevEventKind, source: DevEvent['source'], summary: string, payload: unknown): void {
    const short = summary.slice(0, SUMMARY_LIMIT);
    const bytes = sizeOf(short, payload);
    // The server's own reports arrive here unchecked; one too big is summarised, not kept whole.
    const kept = bytes <= EVENT_LIMIT ? payload : { dropped: `payload of ${bytes} bytes` };
    this.seq += 1;
    const event = {
      seq: this.seq,
      at: new Date().toISOString(),
      kind,
      source,
      summary: short,
      payload: kept,
    };
    this.events.push({ ...event, bytes: bytes <= EVENT_LIMIT ? bytes : sizeOf(short, kept) });
    this.held += this.events.at(-1)?.bytes ?? 0;
    let drop = 0;
    while (this.events.length - drop > KEEP || this.held > HELD_LIMIT) {
      this.held -= this.events[drop]?.bytes ?? 0;
      drop += 1;
    }
    if (drop) this.events.splice(0, drop);
  }

  /** The JSON bytes held now. */
  bytes(): number {
    return this.held;
  }

  /**
   * The newest events with `after < seq < before`, at most `limit`, oldest first, and whether older
   * ones in that range were left for another page.
   */
  page(after = 0, before = Number.POSITIVE_INFINITY, limit = PAGE): { events: DevEvent[]; more: boolean } {
    const range = this.events.filter((event) => event.seq > after && event.seq < before);
    const events = range.slice(-limit).map(({ bytes: _bytes, ...event }) => event);
    return { events, more: range.length > events.length };
  }
}

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A Bugsnag event's one line: its first exception's class and message. */
export function errorSummary(event: Json): string {
  const exception =
    Array.isArray(event.exceptions) && isObject(event.exceptions[0]) ? event.exceptions[0] : {};
  return `${text(exception.errorClass) || 'Error'}: ${text(exception.message)}`;
}
