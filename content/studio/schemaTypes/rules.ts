// Written by `npm run content -- schema` from server/content/model.ts: change the model, not this file.
// The validation rules the site depends on, shared by the types of this folder.

/** Addresses the site itself answers first: a page there could never be reached. */
export const RESERVED_SLUGS: readonly string[] = [
  'api',
  'assets',
  'challenge',
  'confirmation',
  'content-assets',
  'course',
  'demo-images',
  'dev',
  'docs',
  'email-verified',
  'library',
  'profile',
  'reset-password',
  'sandbox',
];

/** English stands in for a missing language, so a required text needs its English version. */
export function requiredInEnglish(value: { en?: unknown } | undefined): true | string {
  const en = value?.en;
  const written = Array.isArray(en) ? en.length > 0 : typeof en === 'string' && en.trim() !== '';
  return written || 'Required in English at least';
}

/** A date that may not precede a sibling date, such as the end of a promotion. */
export function notBefore(field: string) {
  return (value: unknown, context: { parent?: unknown }): true | string => {
    const start = (context.parent as Record<string, unknown> | undefined)?.[field];
    return typeof value !== 'string' || typeof start !== 'string' || value >= start
      ? true
      : `Must not be before ${field}`;
  };
}

/** An address is one lower-case segment: letters and digits, with single dashes between. */
export function slugShape(slug: { current?: string } | undefined): true | string {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug?.current ?? '')
    ? true
    : 'Lower-case letters and digits, with single dashes between, such as privacy-policy';
}

/** A page is at /<slug>: one lower-case segment that none of the site's own addresses takes. */
export function pageAddress(slug: { current?: string } | undefined): true | string {
  const shape = slugShape(slug);
  if (shape !== true) return shape;
  const current = slug?.current ?? '';
  return RESERVED_SLUGS.includes(current) ? `/${current} is an address the site itself uses` : true;
}

/** A code whose form depends on a sibling choice, such as a video's id on its provider. */
export function matchesSibling(field: string, patterns: Record<string, { regex: RegExp; name: string }>) {
  return (value: unknown, context: { parent?: unknown }): true | string => {
    const choice = (context.parent as Record<string, unknown> | undefined)?.[field];
    const pattern = patterns[String(choice)];
    return typeof value !== 'string' || !pattern || pattern.regex.test(value)
      ? true
      : `Must be ${pattern.name}`;
  };
}
