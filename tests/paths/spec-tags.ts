// The spec rules a UI path exercises, as tags of the catalogue (`spec-4-refused-reset`), so that
// `npm run qa:path -- <rule>` replays every path that checks it. They come from the oracle
// (tests/spec/): the path's machine steps are replayed, and every rule that applies to one of them
// is a tag.
import { Coverage, replay } from '../machine/model.ts';
import type { UiPath } from './catalog.ts';

/** The spec-rule tags of a path (each a rule's id). */
export type SpecTags = (path: UiPath) => Promise<string[]>;

export const noSpecTags: SpecTags = async () => [];

/** The rules of the spec the path's machine steps exercise. */
export const specTagsOf: SpecTags = async (path) => {
  const machine = path.model.steps[0]?.state.machine;
  if (!machine) return [];
  const visited = new Coverage(machine);
  await replay(machine, path.model, { input: path.input, label: path.id, visited });
  return [...visited.spec.exercised].sort();
};
