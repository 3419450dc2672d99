// Every Mermaid diagram of docs/ (the statechart pages, the member's journey) is parsed in Chromium by
// the installed mermaid, as its readers' renderers read it: a chart page that Mermaid refuses fails
// here rather than showing its readers an error box. `npm run docs:diagrams` draws them all.
import { expect, test } from '@playwright/test';
import { diagramsIn, renderDiagrams } from '../../scripts/docs-mermaid.ts';

// Parsing is what refuses a broken diagram; drawing them all took 25 s of the suite, parsing a few.
test('every Mermaid diagram of docs/ parses', async ({ page }) => {
  const diagrams = diagramsIn();
  expect(diagrams.length).toBeGreaterThan(10);
  const parsed = await renderDiagrams(page, diagrams, true);
  const refused = parsed.flatMap(({ name, error }) => (error === undefined ? [] : [`${name}: ${error}`]));
  expect(refused).toEqual([]);
  expect(parsed).toHaveLength(diagrams.length);
});
