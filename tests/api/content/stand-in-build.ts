// A build's stand-in for the API tests of the rendered pages: the shell's template, a server render
// that asks the API in-process as the real one does (src/server-render.tsx), and the manifest naming
// the pages' loader.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AFTER_PAINT_LOADER, SERVER_RENDER_ENTRY } from '../../../server/site/page-renderer.ts';

export const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Trainer</title></head><body><div id="root"></div></body></html>';

/** Renders the privacy page's name, for the member it is given if any; `/profile` is not rendered. */
export const STAND_IN = `
let calls = 0;
export const renderCalls = () => calls;
export const rendered = [];
export async function renderPage({ url, locale, member, getJson }) {
  calls++;
  rendered.push(url);
  if (url.startsWith('/fails')) throw new Error('the render broke');
  if (url.startsWith('/profile')) return null;
  const data = { locale, route: 'Privacy', member: member ?? null, queries: [], clock: { year: 2026, promoBanner: false } };
  // A page that differs each time it is rendered: it shows when the kept one was dropped.
  if (url.startsWith('/renders')) return { html: '<main><h1>Render ' + calls + '</h1></main>', data };
  const answer = await getJson('/api/content/pages/privacy?lang=' + locale);
  const nav = member ? '<nav>' + member.profile.name + '</nav>' : '<nav><button>Login</button></nav>';
  return {
    html: nav + '<main style="min-height:100vh"><style>.x{color:red}</style><h1>' + answer.body.page.pageName + '</h1></main>',
    data,
  };
}`;

/** Writes the stand-in build into `dist`. */
export function writeBuild(dist: string, template = TEMPLATE, render = STAND_IN): void {
  writeFileSync(path.join(dist, 'index.html'), template);
  mkdirSync(path.join(dist, '.ssr'));
  writeFileSync(path.join(dist, SERVER_RENDER_ENTRY), render);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      [AFTER_PAINT_LOADER]: { file: 'assets/start.js', src: AFTER_PAINT_LOADER, isEntry: true },
    }),
  );
}
