// The spec rules a UI path exercises, as tags of the catalogue (`spec-4-refused-reset`), so that
// `npm run qa:path -- <rule>` replays every path that checks it. The rules' oracle supplies them;
// until it is wired in here, no path carries one.
import type { UiPath } from './catalog.ts';

/** The spec-rule tags of a path (each a rule's id). */
export type SpecTags = (path: UiPath) => string[];

export const noSpecTags: SpecTags = () => [];

/** The source the catalogue and `npm run qa:path` use: replace it with the oracle's function. */
export const specTagsOf: SpecTags = noSpecTags;
