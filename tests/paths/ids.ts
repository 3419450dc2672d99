// A UI path's id is its chart's letter and a hash of what the path does: how the modal opens and the
// events it sends, with their data. A position in the list would renumber every later path when one
// is added or removed, and a reviewer could no longer read the catalogue's diff (decision 107).
import { createHash } from 'node:crypto';
import type { AnyEventObject } from 'xstate';
import type { User } from '../../domain/api-types.ts';
import type { Opening } from './ui.ts';
import { memberKindOf } from './world.ts';

/** Crockford's base 32: no I, L, O or U, so an id read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 25 bits: about one chance in 4,000 of a collision among 130 paths of a chart, and one fails loudly. */
const LENGTH = 5;

const isUser = (value: object): value is User => 'email_verified' in value && 'profile' in value;

/**
 * A value as the id reads it: keys sorted, a member as their kind (a fixture gaining a field changes
 * no id), an error as its message.
 */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Error) return `Error(${JSON.stringify(value.message)})`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isUser(value)) return `member:${memberKindOf(value)}`;
  const entries = Object.entries(value)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, inner]) => `${key}:${canonical(inner)}`).join(',')}}`;
}

/** How a path opens the modal, without its words: rewording a description keeps every id. */
function canonicalOpening(opening: Opening | null, modalType: string): string {
  if (!opening) return `starts closed`;
  const { does: _words, ...where } = opening;
  return `opens ${modalType} ${canonical(where)}`;
}

/**
 * `modal.open` carries what the app derives from the opening (the offer, the place, the member, the
 * time): the opening alone says it.
 */
export function canonicalEvent(event: AnyEventObject): string {
  if (event.type === 'modal.open' && 'opening' in event)
    return canonicalOpening(event.opening as Opening, String(event.modalType ?? 'signup'));
  const { type, ...data } = event;
  return Object.keys(data).length === 0 ? type : `${type} ${canonical(data)}`;
}

/** What a path does, as one line per step: its opening, then each event after the machine's start. */
export function canonicalPath(opening: Opening | null, modalType: string, events: AnyEventObject[]): string {
  return [canonicalOpening(opening, modalType), ...events.map(canonicalEvent)].join('\n');
}

function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === length) break;
  }
  return out;
}

/** The id of a path of the chart with this prefix that does what `canonical` says. */
export function pathId(prefix: string, canonicalText: string): string {
  return `${prefix}-${base32(createHash('sha256').update(canonicalText).digest(), LENGTH)}`;
}

/**
 * Fails when two paths share an id: the same steps twice (the generator repeated a path) or two
 * different paths whose hashes collide (then lengthen the hash: every id changes once).
 */
export function assertUniqueIds(paths: { id: string; canonical: string }[]): void {
  const seen = new Map<string, string>();
  for (const { id, canonical: text } of paths) {
    const earlier = seen.get(id);
    if (earlier === undefined) {
      seen.set(id, text);
      continue;
    }
    throw new Error(
      earlier === text
        ? `Two UI paths do the same thing (id ${id}):\n${text}`
        : `Two different UI paths hash to the same id ${id}; lengthen LENGTH in tests/paths/ids.ts.\n` +
            `One:\n${earlier}\nThe other:\n${text}`,
    );
  }
}
