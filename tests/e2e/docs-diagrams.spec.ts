// Every Mermaid diagram of docs/ (the statechart pages, the member's journey) renders in Chromium with
// the installed mermaid, as its readers' renderers draw it: a chart page that Mermaid refuses fails
// here rather than showing its readers an error box. `npm run docs:diagrams -- --out <dir>` draws them.
import { expect, test } from '@playwright/test';
import { diagramsIn, renderDiagrams } from '../../scripts/docs-mermaid.ts';

test('every Mermaid diagram of docs/ renders', async ({ page }) => {
  const diagrams = diagramsIn();
  expect(diagrams.length).toBeGreaterThan(10);
  const rendered = await renderDiagrams(page, diagrams);
  const refused = rendered.flatMap(({ name, error }) => (error === undefined ? [] : [`${name}: ${error}`]));
  expect(refused).toEqual([]);
  for (const { name, svg } of rendered) expect(svg, name).toContain('<svg');
});
