// A product owner plays a flow on its page of docs/site, opened from the file as they would: each
// press moves the chart's current state and the screen beside it; the flows a state runs play inside
// it; a path of the QA catalogue steps through from the link the catalogue gives it.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

const pageOf = (slug: string) => pathToFileURL(`docs/site/${slug}.html`).href;

async function press(page: Page, words: RegExp) {
  await page.locator('#events button', { hasText: words }).first().click();
}

const current = (page: Page) => page.locator('.state.current > .name');
const picture = (page: Page) => page.locator('#screens img').first();

test('a monthly member is offered the annual plan and takes it, screen by screen', async ({ page }) => {
  await page.goto(pageOf('signup-modal'));
  await expect(page.locator('#where')).toHaveText('hidden');
  await expect(current(page)).toHaveText('hidden');
  await expect(picture(page)).toHaveAttribute('src', /hidden--desktop-en\.png$/);

  await press(page, /^Opens with/);
  await expect(current(page)).toHaveText('entering');
  await expect(page.locator('#screens')).toContainText('No picture of this state');

  await press(page, /starts at the plans/);
  await expect(current(page)).toHaveText('routing');
  await press(page, /already-have-the-plan screen/);
  // The state runs the upgrade flow: its first state is current, inside the box, with the state's screen.
  await expect(page.locator('#where')).toHaveText('Upgrade: deciding');
  await expect(page.locator('.state.active > .name', { hasText: /^already have plan$/ })).toBeVisible();
  await expect(picture(page)).toHaveAttribute('src', /open\.alreadyHavePlan--desktop-en\.png$/);
  // The picture is there, not a broken link.
  expect(
    await picture(page).evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
  ).toBeGreaterThan(0);

  await press(page, /^Upgrade: the annual plan/);
  await expect(page.locator('#where')).toHaveText(/^Checkout: /);
  await expect(picture(page)).toHaveAttribute('src', /open\.checkingOut--desktop-en\.png$/);
  await expect(page.locator('#trail')).toContainText('Upgrade: the annual plan is selected and checked out.');

  await page.locator('#restart').click();
  await expect(current(page)).toHaveText('hidden');
});

test("the account step plays inside the modal's step 1, its own screens beside it", async ({ page }) => {
  await page.goto(pageOf('signup-modal'));
  await press(page, /^Opens with/);
  await press(page, /^Step 1, on the form the modal opened as/);
  const step1 = page.locator('details.flow', { hasText: 'Signup modal, step 1 (account)' }).first();
  // Opened by itself when its state is entered, its first state current.
  await expect(step1).toHaveAttribute('open', '');
  await expect(page.locator('#where')).toHaveText('Signup modal, step 1 (account): starting');

  await press(page, /^Signup modal, step 1 \(account\): The signup form\.$/);
  await expect(page.locator('#where')).toHaveText('Signup modal, step 1 (account): signup');
  await expect(step1.locator('.state.current > .name')).toHaveText('signup');
  await expect(picture(page)).toHaveAttribute('src', /account-step\/signup--desktop-en\.png$/);
  // The modal's own events stay offered beside the account step's.
  await expect(
    page.locator('#events button', { hasText: 'The back arrow on step 1 closes the modal.' }),
  ).toBeVisible();

  // Leaving step 1 leaves the flow it runs.
  await press(page, /^The back arrow on step 1 closes the modal/);
  await expect(current(page)).toHaveText('hidden');
  await expect(step1.locator('.state.active')).toHaveCount(0);
});

test("a catalogue path plays on its chart's page from the catalogue's link, screen by screen", async ({
  page,
}) => {
  // The link docs/qa/paths.md gives the path, followed from there.
  const catalogue = readFileSync('docs/qa/paths.md', 'utf8');
  const link = /\]\((\.\.\/site\/[^)]*#path=M-ECGBE)\)/.exec(catalogue)?.[1];
  expect(link).toBe('../site/signup-modal.html#path=M-ECGBE');
  await page.goto(new URL(link as string, pathToFileURL('docs/qa/paths.md')).href);
  await expect(page.locator('#path .line')).toContainText('M-ECGBE: A member whose email is unverified');

  // Written from the path's steps in the catalogue: the state each step reaches and its picture.
  const steps: [where: string | RegExp, shows: RegExp | null][] = [
    ['hidden', /signup-modal\/hidden--desktop-en\.png$/],
    // Follows the link: step 1, which runs the account step.
    ['Signup modal, step 1 (account): starting', /signup-modal\/open\.auth--desktop-en\.png$/],
    // The link is refused; signed in, the member goes on to step 3.
    ['subscription', /signup-modal\/open\.subscription--desktop-en\.png$/],
    // Chooses plan card 1: step 3 still.
    ['subscription', /signup-modal\/open\.subscription--desktop-en\.png$/],
    // Presses step 3's button: checking out runs the checkout flow.
    [/^Checkout: /, /signup-modal\/open\.checkingOut--desktop-en\.png$/],
    // Checkout is refused: back on step 3.
    ['subscription', /signup-modal\/open\.subscription--desktop-en\.png$/],
  ];
  for (const [index, [where, shows]] of steps.entries()) {
    if (index > 0) await page.locator('#path .next').click();
    await expect(page.locator('#path .step')).toHaveText(new RegExp(`^Step ${index + 1} of 6: `));
    await expect(page.locator('#where')).toHaveText(where);
    if (shows) await expect(picture(page)).toHaveAttribute('src', shows);
  }
  await expect(page.locator('#path .next')).toBeDisabled();
  await expect(page.locator('.state.current > .name').first()).toHaveText('subscription');

  await page.locator('#path .previous').click();
  await expect(page.locator('#where')).toHaveText(/^Checkout: /);
  await expect(page.locator('#path .step')).toHaveText(/^Step 5 of 6: presses step 3's button/);
});

test('every path of the catalogue walks to its end on its page', async ({ page }) => {
  const catalogue = readFileSync('docs/qa/paths.md', 'utf8');
  const links = [...catalogue.matchAll(/\]\(\.\.\/site\/([a-z-]+)\.html#path=([A-Z]-[A-Z0-9]+)\)/g)];
  const byPage = Map.groupBy(links, ([, slug]) => slug as string);
  // Every entry of the catalogue has its link (222 paths when this was written).
  const entries = catalogue.match(/^- \*\*[A-Z]-[A-Z0-9]+\*\* /gm) ?? [];
  expect(entries.length).toBeGreaterThan(200);
  expect(links).toHaveLength(entries.length);
  for (const [slug, entries] of byPage) {
    await page.goto(pageOf(slug));
    const stuck = await page.evaluate(
      (ids) => {
        const lost: string[] = [];
        for (const id of ids) {
          location.hash = `path=${id}`;
          window.dispatchEvent(new HashChangeEvent('hashchange'));
          const next = document.querySelector<HTMLButtonElement>('#path .next');
          const step = document.querySelector('#path .step');
          while (next && !next.disabled) next.click();
          if (!/^Step (\d+) of \1: /.test(step?.textContent ?? '')) lost.push(`${id}: ${step?.textContent}`);
        }
        return lost;
      },
      entries.map(([, , id]) => id as string),
    );
    expect(stuck, slug).toEqual([]);
  }
});
