import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_ADVICE,
  catalogueChanges,
  chartChanges,
  chartStructure,
  DOCS_ADVICE,
  MAX_LISTED,
  parseCatalogue,
} from '../../../scripts/freshness.ts';
import { catalogueEntry } from '../../../scripts/qa-paths.ts';

const catalogue = (counts: string, groups: Record<string, string[]>) =>
  [
    '# UI paths',
    '',
    `**Counts:** ${counts}`,
    '',
    ...Object.entries(groups).flatMap(([slug, rows]) => [
      `### Some behaviour (\`outcome:${slug}\`, ${rows.length} paths)`,
      '',
      ...rows.flatMap(row),
    ]),
  ].join('\n');

/** A catalogue entry from a row written `| id | words | tags |`, as qa-paths.ts lists it. */
function row(text: string): string[] {
  const [id = '', words = '', tags = ''] = text
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
  const list = [...tags.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  return catalogueEntry({ id, line: words.split(' → sees')[0] ?? '', words, tags: list });
}

const reset = 'A visitor presses Forgot password → sends the reset → the server refuses it (429)';

describe('a stale catalogue, in words', () => {
  it('reads each path of the committed table with its words and tags, its section as a tag', () => {
    const text = catalogue('1 path', {
      reset: [`| A-AAAAA | ${reset} → sees a \\| bar | \`spec-8-refused-reset\` |`],
    });
    expect(parseCatalogue(text).get('A-AAAAA')).toEqual({
      words: `${reset} → sees a | bar`,
      tags: ['outcome:reset', 'spec-8-refused-reset'],
    });
  });

  it('says which path now ends where, which lost a rule, which are new and which are gone', () => {
    const before = catalogue('3 paths; 41 of 45 rules', {
      reset: [
        `| A-AAAAA | ${reset} → sees the reset form with the message | \`spec-8-refused-reset\` |`,
        '| A-BBBBB | A visitor closes the modal | |',
      ],
    });
    const after = catalogue('3 paths; 40 of 45 rules', {
      reset: [
        `| A-AAAAA | ${reset} → sees the reset email is on its way | |`,
        '| A-CCCCC | A visitor logs in | |',
      ],
    });
    const message = catalogueChanges(before, after);
    expect(message).toContain(
      'Counts were:\n**Counts:** 3 paths; 41 of 45 rules\nCounts now:\n**Counts:** 3 paths; 40 of 45 rules',
    );
    expect(message).toContain(
      'Paths that changed what they do (1):\n' +
        '  A-AAAAA: was … → the server refuses it (429) → sees the reset form with the message\n' +
        '           now … → the server refuses it (429) → sees the reset email is on its way\n' +
        '           tags lost `spec-8-refused-reset`',
    );
    expect(message).toContain('New paths (1):\n  A-CCCCC: A visitor logs in');
    expect(message).toContain('Paths gone (1):\n  A-BBBBB: A visitor closes the modal');
    expect(message.endsWith(CATALOGUE_ADVICE)).toBe(true);
    expect(catalogueChanges(before, before)).toBe('');
  });

  it(`lists at most ${MAX_LISTED} paths per list and counts the rest`, () => {
    const rows = Array.from(
      { length: MAX_LISTED + 3 },
      (_, n) => `| M-${`${n}`.padStart(5, '0')} | Path ${n} | |`,
    );
    const message = catalogueChanges(catalogue('0', {}), catalogue('11', { checkout: rows }));
    expect(message).toContain(`New paths (${MAX_LISTED + 3}):`);
    expect(message).toContain('  … and 3 more');
    expect(message).not.toContain(`Path ${MAX_LISTED}\n`);
  });

  it('points at the first changed line when no path changed', () => {
    const message = catalogueChanges(`${catalogue('1', {})}\nintro`, `${catalogue('1', {})}\nother intro`);
    expect(message).toContain('No path changed');
    expect(message).toContain('  was: intro\n  now: other intro');
  });
});

const page = (counts: string, events: string[], delays: string[]) =>
  [
    '# Checkout',
    '',
    `**Counts:** ${counts}`,
    '',
    '## States',
    '',
    '| State | Kind | Tags | Description |',
    '|---|---|---|---|',
    '| `starting` |  |  | Starts. |',
    '| `done` | final |  | Done. |',
    '',
    '## Events',
    '',
    '| Event | In state | Goes to | Guard | Description |',
    '|---|---|---|---|---|',
    ...events,
    '',
    '## Delays',
    '',
    '| Delay | Duration | Description |',
    '|---|---|---|',
    ...delays,
    '',
  ].join('\n');

describe('a stale statechart page, in words', () => {
  const sent = '| `auth.failed` | `reset.sending` | `reset.form` | `tooMany` | Shows the message. |';
  const close = '| `closeAfterCheckout` | 2000 ms | 2 s. |';

  it('reads the states, transitions with guards, delays and counts of a page', () => {
    expect(chartStructure(page('2 states', [sent], [close]))).toEqual([
      'counts: 2 states',
      'state starting',
      'state done (final)',
      'reset.sending --auth.failed--> reset.form [tooMany]',
      'delay closeAfterCheckout: 2000 ms',
    ]);
  });

  it('says which transition now goes elsewhere, which delay changed, what was added or removed', () => {
    const before = page('2 states', [sent, '| `go` | `starting` | `done` |  | Goes. |'], [close]);
    const after = page(
      '2 states, 1 more',
      [sent.replace('`reset.form`', '`reset.sent`'), '| `stop` | `starting` | (stays) |  | Stops. |'],
      [close.replace('2000', '500')],
    );
    const message = chartChanges('checkout.md', before, after);
    expect(message).toContain('docs/statecharts/checkout.md is out of date: its chart changed.');
    expect(message).toContain(
      'reset.sending --auth.failed--> reset.form [tooMany]  now  reset.sending --auth.failed--> reset.sent [tooMany]',
    );
    expect(message).toContain('delay closeAfterCheckout: 2000 ms  now  delay closeAfterCheckout: 500 ms');
    expect(message).toContain('counts: 2 states  now  counts: 2 states, 1 more');
    expect(message).toContain('Added (1):\n  starting --stop--> (stays)');
    expect(message).toContain('Removed (1):\n  starting --go--> done');
    expect(message.endsWith(DOCS_ADVICE)).toBe(true);
  });

  it('says when only the words changed, and when a page is new or gone', () => {
    const before = page('2', [sent], [close]);
    expect(chartChanges('checkout.md', before, before.replace('Starts.', 'Begins.'))).toContain(
      'Its states, transitions, guards and delays are the same; its words changed.',
    );
    expect(chartChanges('new.md', undefined, before)).toContain('it is a new page');
    expect(chartChanges('old.md', before, undefined)).toContain('no chart generates it any more');
    expect(chartChanges('same.md', before, before)).toBe('');
  });
});
