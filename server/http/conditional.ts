// Conditional requests (RFC 9110, 13.1.2): whether the client's copy is still the current one.

/** Weak comparison, as RFC 9110 asks for If-None-Match: `*`, or any listed tag, W/ or not. */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
