// How the CLI prints: JSON for scripts (--json), aligned columns for people, amounts as "29.99 USD".
// Colour only where a person reads it: Node's styleText asks the stream, so a pipe, a file, NO_COLOR
// or TERM=dumb get plain text, and FORCE_COLOR forces it.
import { styleText } from 'node:util';

export { amountWithCode as money } from '../domain/billing/major-units.ts';

type Style = Parameters<typeof styleText>[0];

/** The text in the style on standard output's terms (plain when it takes no colour). */
export function paint(style: Style, text: string, stream: NodeJS.WriteStream = process.stdout): string {
  return styleText(style, text, { stream });
}

/** What a status cell's word says at a glance: red for what fails, yellow for what warns. */
const STATUS_STYLES: Record<string, Style> = {
  ok: 'green',
  active: 'green',
  paid: 'green',
  WARN: 'yellow',
  archived: 'dim',
  FAIL: 'red',
  MISSING: 'red',
  FAILED: 'red',
};

/**
 * The one table shape of every command: a bold header, columns padded to their widest cell, two
 * spaces apart; a column named STATUS coloured by its word. Widths are counted on the plain text, so
 * colour never shifts a column.
 */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const status = headers.indexOf('STATUS');
  const line = (cells: readonly string[], style?: (cell: string, i: number) => Style | undefined) =>
    cells
      .map((c, i) => {
        const padded = i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0);
        const chosen = style?.(c, i);
        return chosen ? padded.replace(c, paint(chosen, c)) : padded;
      })
      .join('  ')
      .trimEnd();
  return [
    line(headers, () => 'bold'),
    ...rows.map((r) => line(r, (cell, i) => (i === status ? STATUS_STYLES[cell] : undefined))),
  ].join('\n');
}

export type CheckLevel = 'ok' | 'warn' | 'fail';

export interface CheckRow {
  level: CheckLevel;
  check: string;
  detail: string;
}

/** A checklist (`doctor`, `stripe check`): STATUS, CHECK, DETAIL, and the count of what is wrong. */
export function checklist(rows: readonly CheckRow[]): string {
  const word = (level: CheckLevel) => (level === 'ok' ? 'ok' : level.toUpperCase());
  const failing = rows.filter((r) => r.level === 'fail').length;
  const warnings = rows.filter((r) => r.level === 'warn').length;
  return `${table(
    ['STATUS', 'CHECK', 'DETAIL'],
    rows.map((r) => [word(r.level), r.check, r.detail]),
  )}\n\n${failing} failing, ${warnings} warnings.`;
}
