// The one HTML escaper of the server: the emails, the gateway's hosted pages, the HTML shell and the
// dev pages all put text into HTML through it, so what is safe in one is safe in all. The catalogues'
// texts are plain text (i18next does not escape, decision 102): each is escaped once, here, where the
// HTML is built.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an element's content or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
