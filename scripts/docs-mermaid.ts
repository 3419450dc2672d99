// npm run docs:diagrams [-- --out <dir>]: renders every Mermaid diagram of docs/ in Chromium with the
// installed mermaid package, from a local page that may reach nothing on the network, as GitHub and
// the docs' readers render them. It fails naming each diagram Mermaid refuses; with --out it also
// writes each one as an SVG and a PNG, to look at. The browser suite renders them all the same way
// (tests/e2e/docs-diagrams.spec.ts parses them), so a broken diagram fails `npm test`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

export interface Diagram {
  /** The Markdown file and the diagram's place in it (`docs/statecharts/session.md#2`). */
  name: string;
  text: string;
}

export interface Rendered {
  name: string;
  svg?: string;
  error?: string;
}

const MERMAID = path.join('node_modules', 'mermaid', 'dist', 'mermaid.min.js');

/** Every Mermaid block of the Markdown files under `dir`. */
export function diagramsIn(dir = 'docs'): Diagram[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .sort();
  return files.flatMap((file) => {
    const markdown = readFileSync(path.join(dir, file), 'utf8');
    return [...markdown.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((match, index) => ({
      name: `${path.join(dir, file)}#${index + 1}`,
      text: match[1] ?? '',
    }));
  });
}

/**
 * Renders each diagram on `page`, which is given a blank document with mermaid and no network; with
 * `parseOnly`, only parses it (what refuses a broken diagram, in a fraction of the time).
 */
export async function renderDiagrams(
  page: Page,
  diagrams: Diagram[],
  parseOnly = false,
): Promise<Rendered[]> {
  await page.route('**/*', (route) => route.abort('blockedbyclient'));
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: readFileSync(MERMAID, 'utf8') });
  await page.evaluate(() => {
    const { mermaid } = window as unknown as { mermaid: { initialize(config: object): void } };
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  });
  const rendered: Rendered[] = [];
  for (const [index, diagram] of diagrams.entries()) {
    const result: { svg?: string; error?: string } = await page.evaluate(
      async ({ id, text, parseOnly }) => {
        const { mermaid } = window as unknown as {
          mermaid: {
            render(id: string, text: string): Promise<{ svg: string }>;
            parse(text: string): Promise<unknown>;
          };
        };
        try {
          if (parseOnly) {
            await mermaid.parse(text);
            return {};
          }
          return { svg: (await mermaid.render(id, text)).svg };
        } catch (error) {
          return { error: error instanceof Error ? error.message : String(error) };
        }
      },
      { id: `diagram-${index}`, text: diagram.text, parseOnly },
    );
    rendered.push({ name: diagram.name, ...result });
  }
  return rendered;
}

async function main(): Promise<void> {
  const outAt = process.argv.indexOf('--out');
  const out = outAt > 0 ? process.argv[outAt + 1] : undefined;
  const diagrams = diagramsIn();
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const rendered = await renderDiagrams(page, diagrams);
    const failed = rendered.filter((diagram) => diagram.error !== undefined);
    for (const { name, error } of failed) console.error(`${name}: ${error}`);
    if (out) {
      mkdirSync(out, { recursive: true });
      const shots = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await shots.route('**/*', (route) => route.abort('blockedbyclient'));
      for (const { name, svg } of rendered) {
        if (!svg) continue;
        const base = path.join(
          out,
          name
            .replace(/^docs\//, '')
            .replace(/[/#]/g, '_')
            .replace(/\.md_/, '-'),
        );
        writeFileSync(`${base}.svg`, svg);
        await shots.setContent(
          `<!doctype html><html><body style="margin:8px;background:#fff">${svg}</body></html>`,
        );
        await shots
          .locator('svg')
          .first()
          .screenshot({ path: `${base}.png` });
      }
      console.log(`Wrote ${rendered.length - failed.length} diagrams to ${out}`);
    }
    console.log(`${rendered.length - failed.length} of ${rendered.length} Mermaid diagrams render.`);
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    await browser.close();
  }
}

if (import.meta.main) await main();
