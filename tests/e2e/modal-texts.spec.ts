// The signup modal's texts come in the visitor's language only, and in another language once the
// visitor switches to it (decision 083).
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './flow-recorder.ts';

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
  string,
  { file: string }
>;

/** The built file of the modal's texts in a language. */
function textsFile(language: 'en' | 'es'): string {
  const chunk = manifest[`locales/signup-modal/${language}.json`];
  if (!chunk) throw new Error(`no chunk of the modal's ${language} texts: are they still loaded lazily?`);
  return `/${chunk.file}`;
}

function requestedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test("the modal comes with its Spanish texts alone; after the footer's switch it opens in English", async ({
    page,
  }) => {
    const requested = requestedPaths(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Registrarse' }).click();
    const spanish = page.getByRole('dialog', { name: 'Paso 1 de 3' });
    await expect(spanish.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
    expect(requested).toContain(textsFile('es'));
    expect(requested).not.toContain(textsFile('en'));

    await spanish.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
    // The modal, still mounted though closed, asks for its texts in the new language at the switch.
    await expect.poll(() => requested).toContain(textsFile('en'));
    await page.getByRole('banner').getByRole('button', { name: 'Signup' }).click();
    const english = page.getByRole('dialog', { name: 'Step 1 of 3' });
    await expect(english.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(english.getByPlaceholder('Full Name')).toBeVisible();
  });
});
