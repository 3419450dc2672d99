// Queries run on every request, kept prepared on the database itself (decision 156), and the rows
// they answer as JSON read back in drizzle's shapes.
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, getTableColumns, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './index.ts';

/** Each table's columns as fromJson reads them: built once, since every signed-in request reads rows. */
const columnsOf = new WeakMap<PgTable, { key: string; name: string; timestamp: boolean }[]>();

/** A row of `table` as json_agg/row_to_json write it (column names, timestamps as text or Date) in drizzle's shape. */
export function fromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      name: column.name,
      timestamp: column.columnType === 'PgTimestamp',
    }));
    columnsOf.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const { key, name, timestamp } of columns) {
    const value = json[name] ?? null;
    row[key] = value !== null && timestamp ? new Date(value as string | Date) : value;
  }
  return row as T['$inferSelect'];
}

/** The PGlite client under a drizzle database, when it is one. */
export function pgliteOf(db: Database): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** A text literal: standard_conforming_strings is on (PostgreSQL's default), so only quotes double. */
const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;

/** The statements prepared (or being prepared) on each PGlite database, by name. */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();

/** Each statement's text and parameters (placeholders among them), built once by name. */
const built = new Map<string, { sql: string; params: unknown[] }>();

/**
 * The rows of a query run on every request, as the database writes them (column names, JSON
 * parsed). `query` builds the statement with `sql.placeholder(name)` where `values` go: its text is
 * built once under `name` (building drizzle's SQL again on each call cost a quarter of a
 * millisecond). On PGlite the query is a server-side prepared statement, made once under `name`,
 * run with EXECUTE over the simple protocol: PGlite's extended protocol (every query with
 * parameters, drizzle's prepared ones included) parses and plans the text again on each call and
 * costs its own messages, 0.9 ms of CPU for the member's view against 0.4 ms for its EXECUTE
 * (decision 156). On PostgreSQL, node-postgres's named statement, prepared once on each connection.
 */
export async function preparedRows(
  db: Database,
  name: string,
  query: () => SQL,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  let statement = built.get(name);
  if (!statement) {
    statement = new PgDialect().sqlToQuery(query());
    built.set(name, statement);
  }
  const params = fillPlaceholders(statement.params, values);
  const pglite = pgliteOf(db);
  if (!pglite) {
    // node-postgres prepares a named statement once on each connection of the pool.
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    return (await pool.query({ name, text: statement.sql, values: params })).rows;
  }
  let statements = preparedOn.get(pglite);
  if (!statements) {
    statements = new Map();
    preparedOn.set(pglite, statements);
  }
  // Requests arriving together before it exists wait on the one PREPARE.
  let prepared = statements.get(name);
  if (!prepared) {
    prepared = pglite.exec(`prepare ${name} as ${statement.sql}`).then(() => undefined);
    prepared.catch(() => statements.delete(name));
    statements.set(name, prepared);
  }
  await prepared;
  const [result] = await pglite.exec(`execute ${name}(${params.map(literal).join(', ')})`);
  return (result?.rows ?? []) as Record<string, unknown>[];
}
