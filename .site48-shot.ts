import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

const [slug, hash, clicks, out] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const p = await b.newPage({ viewport: { width: 1280, height: 900 } });
p.on('console', (m) => console.log('console', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror', e.message));
await p.goto(pathToFileURL(`/work/wt/site48/docs/site/${slug}.html`).href + (hash || ''));
for (const c of (clicks || '').split('|').filter(Boolean)) {
  if (c === 'next') await p.locator('#path .next').click();
  else
    await p
      .locator('#events button', { hasText: new RegExp(c) })
      .first()
      .click();
}
console.log('where:', await p.locator('#where').textContent());
console.log('step:', await p.locator('#path .step').textContent());
console.log('events:', (await p.locator('#events button').allTextContents()).join(' | '));
console.log(
  'imgs:',
  await p
    .locator('#screens img')
    .evaluateAll((is) => is.map((i) => (i as HTMLImageElement).src.split('/').slice(-2).join('/'))),
);
await p.screenshot({ path: out || '/tmp/site48-shot.png', fullPage: false });
await b.close();
