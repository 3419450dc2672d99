// What every catalogue of locales/ is checked for, the SPA's and the server's alike: the same keys in
// every language, no empty text, the same {{variables}} in every language's version of a text.
import { expect } from 'vitest';

export type Catalogue = Record<string, unknown>;

/** Every text's key, nested groups joined with dots. */
export function keys(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

export function textAt(catalogue: Catalogue, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
}

/** The interpolation variables of a text, `{{name}}` or `{{- name}}` or `{{name, format}}`. */
export function variablesOf(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const names = [...text.matchAll(/\{\{-?\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

/** Checks the versions of one catalogue against the first (English). */
export function expectConsistent(versions: Record<string, Catalogue>): void {
  const [[, reference], ...others] = Object.entries(versions) as [
    [string, Catalogue],
    ...[string, Catalogue][],
  ];
  const referenceKeys = keys(reference).sort();
  for (const [language, catalogue] of Object.entries(versions)) {
    expect(keys(catalogue).sort(), `the keys of ${language}`).toEqual(referenceKeys);
    const empty = keys(catalogue).filter((key) => {
      const text = textAt(catalogue, key);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(empty, `the empty texts of ${language}`).toEqual([]);
  }
  for (const [language, catalogue] of others) {
    const differing = referenceKeys.filter(
      (key) => variablesOf(textAt(catalogue, key)).join() !== variablesOf(textAt(reference, key)).join(),
    );
    expect(differing, `the texts of ${language} whose variables differ from English`).toEqual([]);
  }
}
