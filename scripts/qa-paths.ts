// Writes docs/qa/paths.md: every UI path with its id, in plain words, and its tags, grouped by chart
// and then by behaviour. A unit test fails when the committed list differs from what the charts and
// executor tables generate.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describePath, type UiPath, uiPaths } from '../tests/paths/catalog.ts';
import type { SpecTags } from '../tests/paths/spec-tags.ts';
import { GROUPS, TAG_LEGEND, type TaggedPath, taggedPaths } from '../tests/paths/tags.ts';
import { RULES } from '../tests/spec/oracle.ts';
import { pathPage } from './docs-site.ts';

export const PATHS_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'qa', 'paths.md');

const TITLES: Record<UiPath['chart'], string> = {
  'signup-modal': 'Signup modal',
  'account-step': 'Signup modal, step 1 (account)',
  address: 'The address: emailed links and members-only pages',
  session: 'The session: the kept member, a 401, offline, logout',
  'library-player': "The library player: a day's page, marked done or not, not open yet, refused",
  'staff-sign-in': "The studio's sign-in: a passkey, an emailed link, an invitation",
  'studio-refund': "The studio's refund: the exact words, confirmed, changed meanwhile, refused",
  'catalogue-edit': "The studio's catalogue editor: a sold price replaced, a bad price refused, archived",
};

const SHORT: Record<UiPath['chart'], string> = {
  'signup-modal': 'the modal',
  'account-step': 'its account step',
  address: 'the address',
  session: 'the session',
  'library-player': 'the library player',
  'staff-sign-in': "the studio's sign-in",
  'studio-refund': "the studio's refund",
  'catalogue-edit': "the studio's catalogue",
};

const count = (n: number) => `${n} path${n === 1 ? '' : 's'}`;
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** How many of the paths that exercise a rule carry its tag in the list: the shortest ones. */
export const WITNESSES_PER_RULE = 3;

/**
 * A path in one line: what the member does, step by step, and what they see at the end; the screens
 * on the way and the tags folded below it. `freshness.ts` reads the `Steps:` and `Tags:` lines back.
 */
export function catalogueEntry(entry: {
  id: string;
  line: string;
  words: string;
  tags: string[];
  page?: string;
}): string[] {
  return [
    `- **${entry.id}** ${entry.line}`,
    '  <details><summary>Screens on the way, and tags</summary>',
    '',
    ...(entry.page ? [`  Step through it on its chart: [${entry.page}](../site/${entry.page})`, ''] : []),
    `  Steps: ${entry.words}`,
    '',
    `  Tags: ${entry.tags.map((tag) => `\`${tag}\``).join(' ')}`,
    '',
    '  </details>',
    '',
  ];
}

/** What the member does (the steps' actions, without the screens between them) and the last screen. */
function summaryOf(path: UiPath): string {
  const does = path.steps
    .filter((step, index) => index > 0 || step.step.actions.length > 0)
    .map((step) => step.step.does);
  const last = path.steps.at(-1)?.sight?.says;
  return `${does.join(' → ')}${last ? ` ⇒ *${last}*` : ''}`;
}

/**
 * For each rule of the spec, the paths whose tags show it: the fewest-step paths that exercise it (then
 * by id), so a rule tag points at the few paths worth reading for it rather than every path crossing it.
 * `npm run qa:path -- <rule>` still runs every path that exercises the rule.
 */
function ruleWitnesses(tagged: TaggedPath[]): Map<string, Set<string>> {
  const byRule = new Map<string, TaggedPath[]>();
  for (const entry of tagged)
    for (const tag of entry.tags.filter((t) => t.startsWith('spec-')))
      byRule.set(tag, [...(byRule.get(tag) ?? []), entry]);
  return new Map(
    [...byRule].map(([rule, entries]) => [
      rule,
      new Set(
        entries
          .sort((a, b) => a.path.steps.length - b.path.steps.length || a.path.id.localeCompare(b.path.id))
          .slice(0, WITNESSES_PER_RULE)
          .map((entry) => entry.path.id),
      ),
    ]),
  );
}

/**
 * The counts a reviewer should see change in the catalogue's diff: paths per chart, and the rules of
 * the spec they exercise out of those of the flows they run (a path losing a rule shows here).
 */
function countsLine(tagged: TaggedPath[]): string {
  const perChart = (Object.keys(TITLES) as UiPath['chart'][]).map(
    (chart) => `${count(tagged.filter((entry) => entry.path.chart === chart).length)} (${SHORT[chart]})`,
  );
  const exercised = new Set(tagged.flatMap((entry) => entry.tags));
  const flows = Object.entries(RULES).filter(([, rules]) => rules.some((rule) => exercised.has(rule.id)));
  const rules = flows.flatMap(([, list]) => list);
  const hit = rules.filter((rule) => exercised.has(rule.id)).length;
  const names = flows.map(([flow]) => `\`${flow}\``).join(', ') || 'none';
  return `**Counts:** ${perChart.join(', ')}; they exercise ${hit} of the ${rules.length} rules of the spec for the flows they run (${names}; \`tests/spec\`).`;
}

export async function renderPaths(paths: UiPath[] = uiPaths(), specTags?: SpecTags): Promise<string> {
  const tagged = await taggedPaths(paths, specTags);
  const lines = [
    '<!-- Generated by `npm run qa:paths` from the statecharts and the executor tables. Do not edit by hand. -->',
    '',
    '# UI paths',
    '',
    countsLine(tagged),
    '',
    'Each path is one line: its id, what the member does, and (after ⇒) the screen they end on; the screens',
    'on the way and its tags are folded below it. A rule of the spec is tagged on the few shortest paths',
    `that exercise it (at most ${WITNESSES_PER_RULE}); \`npm run qa:path -- <rule>\` runs every path that does.`,
    '',
    'Every path below is replayed through the real screens by `npx vitest run tests/component/paths`;',
    'see the [QA guide](../qa-guide.md) for how to run one and how to read a failure.',
    '',
    "A path's id is its chart's letter and a hash of how it opens the modal and the events it sends: it",
    "changes only when that path's own steps change ([decision 107](../decisions/107-stable-path-ids.md)).",
    '`npm run qa:path -- <id>` replays one in Chromium, `npm run qa:path -- <tag>...` every path with',
    'those tags, `npm run qa:path -- <words>` every path whose description holds those words.',
    "`npm run qa:path -- <id> --show` opens the path on its chart's page in docs/site instead, screen by",
    'screen with Previous and Next; each path below links to that page.',
    '',
    '| Tag | Means |',
    '|---|---|',
    ...TAG_LEGEND.map(([tag, means]) => `| ${cell(tag)} | ${cell(means)} |`),
    '',
  ];
  const witnesses = ruleWitnesses(tagged);
  for (const chart of Object.keys(TITLES) as UiPath['chart'][]) {
    const own = tagged.filter((entry) => entry.path.chart === chart);
    lines.push(`## ${TITLES[chart]} (${count(own.length)})`, '');
    for (const group of GROUPS[chart]) {
      const members = own
        .filter((entry) => entry.group.slug === group.slug)
        .map((entry) => ({ ...entry, text: describePath(entry.path) }))
        .sort((a, b) => a.text.localeCompare(b.text) || a.path.id.localeCompare(b.path.id));
      if (members.length === 0) continue;
      const tag = `outcome:${group.slug}`;
      lines.push(`### ${group.title} (\`${tag}\`, ${count(members.length)})`, '');
      for (const { path, text, tags } of members) {
        const shown = tags.filter(
          (other) => other !== tag && (!other.startsWith('spec-') || witnesses.get(other)?.has(path.id)),
        );
        lines.push(
          ...catalogueEntry({
            id: path.id,
            line: summaryOf(path),
            words: text,
            tags: shown,
            page: pathPage(path),
          }),
        );
      }
    }
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(dirname(PATHS_FILE), { recursive: true });
  writeFileSync(PATHS_FILE, await renderPaths());
  console.log(`Wrote ${uiPaths().length} paths to docs/qa/paths.md`);
}
