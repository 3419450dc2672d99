// The frame of the dev pages (the mailbox, the events).

/** A dev page: plain HTML, with no inline style so the strict content security policy holds. */
export function devPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}
