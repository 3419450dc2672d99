// When a committed, generated file (the UI path catalogue, a statechart page) differs from what the
// machines generate, its test says in words what behaviour changed: which path now ends where,
// which transition now goes elsewhere. A bare text diff invites regenerating to make the test pass;
// a sentence about behaviour is something a reviewer can accept or refuse (decision 108).

/** At most this many lines per list of a message; the rest is counted. */
export const MAX_LISTED = 8;

const STEP = ' → ';

export const CATALOGUE_ADVICE =
  'If this is the change you meant, run `npm run qa:paths` and commit the catalogue with the change: the reviewer reads this diff. If not, the chart changed behaviour: see the spec rules (tests/spec) for what the spec says.';
export const DOCS_ADVICE =
  'If this is the change you meant, run `npm run docs` and commit docs/statecharts with the change: the reviewer reads this diff. If not, the chart changed behaviour: see the spec rules (tests/spec) for what the spec says.';

function capped(title: string, lines: string[]): string[] {
  if (!lines.length) return [];
  const more = lines.length - MAX_LISTED;
  return [
    `${title} (${lines.length}):`,
    ...lines.slice(0, MAX_LISTED).map((line) => `  ${line}`),
    ...(more > 0 ? [`  … and ${more} more`] : []),
  ];
}

/** The cells of a Markdown table row, `\|` read back as `|`. */
function cells(line: string): string[] {
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** The first line where two texts differ, for a change that no table shows. */
function firstDifference(committed: string, fresh: string): string[] {
  const before = committed.split('\n');
  const after = fresh.split('\n');
  const index = before.findIndex((line, at) => line !== after[at]);
  const at = index === -1 ? before.length : index;
  return [
    `First difference, line ${at + 1}:`,
    `  was: ${before[at] ?? '(end of file)'}`,
    `  now: ${after[at] ?? '(end of file)'}`,
  ];
}

export interface CataloguedPath {
  words: string;
  tags: string[];
}

/**
 * The committed catalogue's paths by id, each with its words and tags (its section's `outcome:` too),
 * read from the lines `catalogueEntry` in qa-paths.ts writes: `- **<id>** …`, then `Steps:` and `Tags:`.
 */
export function parseCatalogue(text: string): Map<string, CataloguedPath> {
  const paths = new Map<string, CataloguedPath>();
  let outcome = '';
  let id = '';
  for (const line of text.split('\n')) {
    const heading = /^### .*\(`(outcome:[^`]+)`/.exec(line);
    if (heading) outcome = heading[1] ?? '';
    const entry = /^- \*\*([A-Z]-[0-9A-Z]{5})\*\* /.exec(line);
    if (entry) {
      id = entry[1] ?? '';
      paths.set(id, { words: '', tags: [outcome].filter(Boolean) });
    }
    const path = paths.get(id);
    if (!path) continue;
    const words = /^ {2}Steps: (.*)$/.exec(line);
    if (words) path.words = words[1] ?? '';
    const tags = /^ {2}Tags: (.*)$/.exec(line);
    if (tags) path.tags.push(...[...(tags[1] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
  }
  return paths;
}

/** Old and new words from the step before the first where they part, the start before shown as `…`. */
function differingTail(before: string, after: string): [string, string] {
  const old = before.split(STEP);
  const now = after.split(STEP);
  let shared = 0;
  while (shared < old.length - 1 && shared < now.length - 1 && old[shared] === now[shared]) shared += 1;
  const from = Math.max(0, shared - 1);
  const tail = (steps: string[]) => `${from ? `…${STEP}` : ''}${steps.slice(from).join(STEP)}`;
  return [tail(old), tail(now)];
}

function tagChange(before: string[], after: string[]): string {
  const lost = before.filter((tag) => !after.includes(tag));
  const gained = after.filter((tag) => !before.includes(tag));
  return [
    lost.length ? `lost ${lost.map((tag) => `\`${tag}\``).join(' ')}` : '',
    gained.length ? `gained ${gained.map((tag) => `\`${tag}\``).join(' ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** The lines above the first table of paths: the counts a reviewer should see change. */
const summaryOf = (text: string) => text.split('\n').filter((line) => line.startsWith('**Counts:**'));

/** Empty when the texts are equal; otherwise what changed, path by path, in words. */
export function catalogueChanges(committed: string, fresh: string): string {
  if (committed === fresh) return '';
  const before = parseCatalogue(committed);
  const after = parseCatalogue(fresh);
  const changed: string[] = [];
  for (const [id, old] of before) {
    const now = after.get(id);
    if (!now) continue;
    const lines: string[] = [];
    if (old.words !== now.words) {
      const [was, is] = differingTail(old.words, now.words);
      lines.push(`was ${was}`, `now ${is}`);
    }
    const tags = tagChange(old.tags, now.tags);
    if (tags) lines.push(`tags ${tags}`);
    const indent = `\n  ${' '.repeat(id.length)}  `;
    if (lines.length) changed.push(`${id}: ${lines.join(indent)}`);
  }
  const added = [...after].filter(([id]) => !before.has(id)).map(([id, { words }]) => `${id}: ${words}`);
  const gone = [...before].filter(([id]) => !after.has(id)).map(([id, { words }]) => `${id}: ${words}`);
  const counts = summaryOf(committed).join() === summaryOf(fresh).join() ? [] : summaryOf(fresh);
  const listed = [
    ...capped('Paths that changed what they do', changed),
    ...capped('New paths', added),
    ...capped('Paths gone', gone),
  ];
  return [
    'docs/qa/paths.md is out of date: the charts and executor tables now generate other paths.',
    ...(counts.length ? ['Counts were:', ...summaryOf(committed), 'Counts now:', ...counts] : []),
    ...(listed.length
      ? listed
      : ['No path changed; the text around the tables did.', ...firstDifference(committed, fresh)]),
    '',
    CATALOGUE_ADVICE,
  ].join('\n');
}

/**
 * A chart page's structure, one line per fact: each state with its kind, each transition as
 * `state --event--> target [guard]`, each guard, each delay with its duration, and the counts line.
 * Descriptions and
 * diagrams are left out: they are words about the structure, and they change with it.
 */
export function chartStructure(page: string): string[] {
  const lines: string[] = [];
  let section = '';
  for (const line of page.split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3);
    if (line.startsWith('**Counts:** ')) lines.push(`counts: ${line.slice(12)}`);
    const row = cells(line).map((cell) => cell.replace(/`/g, ''));
    if (!row.length || row[0] === '---' || /^-+$/.test(row[0] ?? '')) continue;
    if (section === 'States' && row[0] !== 'State')
      lines.push(`state ${row[0]}${row[1] ? ` (${row[1]})` : ''}`);
    if (section === 'Events' && row[0] !== 'Event') {
      const [event, source, target, guard] = row;
      lines.push(`${source} --${event}--> ${target}${guard ? ` [${guard}]` : ''}`);
    }
    if (section === 'Guards' && row[0] !== 'Guard') lines.push(`guard ${row[0]}`);
    if (section === 'Delays' && row[0] !== 'Delay') lines.push(`delay ${row[0]}: ${row[1]}`);
  }
  return lines;
}

/** What identifies a fact across versions: a transition without its target, a delay without its length. */
function keyOf(fact: string): string {
  const transition = /^(.* --.*--> ).*?( \[.*\])?$/.exec(fact);
  if (transition) return `${transition[1]}${transition[2] ?? ''}`;
  return fact.replace(/^(delay [^:]+|counts): .*$/, '$1');
}

function withoutEach(list: string[], removed: string[]): string[] {
  const rest = [...list];
  for (const item of removed) {
    const at = rest.indexOf(item);
    if (at !== -1) rest.splice(at, 1);
  }
  return rest;
}

/** Empty when the pages are equal; otherwise what changed in the chart, in words. */
export function chartChanges(file: string, committed: string | undefined, fresh: string | undefined): string {
  if (committed === fresh) return '';
  const head = `docs/statecharts/${file} is out of date`;
  if (committed === undefined) return `${head}: it is a new page (a new chart).\n\n${DOCS_ADVICE}`;
  if (fresh === undefined) return `${head}: no chart generates it any more.\n\n${DOCS_ADVICE}`;
  const before = chartStructure(committed);
  const after = chartStructure(fresh);
  const removed = withoutEach(before, after);
  const added = withoutEach(after, before);
  const changed: string[] = [];
  for (const old of [...removed]) {
    const now = added.find((fact) => keyOf(fact) === keyOf(old));
    if (!now) continue;
    changed.push(`${old}  now  ${now}`);
    removed.splice(removed.indexOf(old), 1);
    added.splice(added.indexOf(now), 1);
  }
  const listed = [
    ...capped('Changed (was  now  is)', changed),
    ...capped('Added', added),
    ...capped('Removed', removed),
  ];
  return [
    `${head}: its chart changed.`,
    ...(listed.length
      ? listed
      : [
          'Its states, transitions, guards and delays are the same; its words changed.',
          ...firstDifference(committed, fresh),
        ]),
    '',
    DOCS_ADVICE,
  ].join('\n');
}
