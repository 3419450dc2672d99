// How `npm run qa:path` finds the paths to run: an id, tags (all of them), or words of the paths'
// descriptions (all of them), each case-insensitive.
import { describePath } from './catalog.ts';
import type { TaggedPath } from './tags.ts';

export interface Selection {
  /** How the query was read, for the message before the run. */
  by: 'id' | 'tag' | 'words';
  paths: TaggedPath[];
}

export function selectPaths(query: string[], catalogue: TaggedPath[]): Selection {
  const terms = query.map((term) => term.trim().toLowerCase()).filter((term) => term !== '');
  if (terms.length === 0) return { by: 'words', paths: [] };
  const ids = catalogue.filter((entry) => terms.includes(entry.path.id.toLowerCase()));
  if (ids.length === terms.length) return { by: 'id', paths: ids };
  const known = new Set(catalogue.flatMap((entry) => entry.tags.map((tag) => tag.toLowerCase())));
  if (terms.every((term) => known.has(term)))
    return {
      by: 'tag',
      paths: catalogue.filter((entry) => {
        const own = entry.tags.map((tag) => tag.toLowerCase());
        return terms.every((term) => own.includes(term));
      }),
    };
  return {
    by: 'words',
    paths: catalogue.filter((entry) => {
      const text = describePath(entry.path).toLowerCase();
      return terms.every((term) => text.includes(term));
    }),
  };
}
