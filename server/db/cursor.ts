// The cursor of a list paged by (created_at, id), newest first (decisions 145 and 146): the last
// row's creation time, to the microsecond as the database keeps it, and its id. Opaque to callers.
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface Cursor {
  createdAt: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

/** The cursor in a page's link, or undefined when it is not one this server wrote. */
export function decodeCursor(text: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value[0]) &&
      typeof value[1] === 'string'
    )
      return { createdAt: value[0], id: value[1] };
  } catch {
    // not base64url JSON: not ours
  }
  return undefined;
}

/** The row's key as the cursor writes it: JavaScript's Date would drop the microseconds. */
export const cursorKey = (createdAt: PgColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after the cursor's, in the (created_at, id) descending order an index serves. */
export const afterCursor = (createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL =>
  sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;
