import { randomBytes } from 'node:crypto';

/** A row's primary key: a readable prefix naming the table's kind of thing, then 96 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
