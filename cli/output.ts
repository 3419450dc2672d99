// How the CLI prints: JSON for scripts (--json), aligned columns for people, amounts as "29.99 USD".
export { amountWithCode as money } from '../domain/billing/major-units.ts';

/** Columns padded to their widest cell, the header first. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}
