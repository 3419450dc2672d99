// A signed-in member's public pages (decision 127): the server renders them for the member, so the
// member is on them from the first paint and the page is hydrated, never drawn afresh. Shared by the
// desktop English run and the 375 px Spanish one (member-pages.spec.ts, member-pages.mobile.spec.ts).
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { openWithScriptsHeld, pressUntilKept } from './early-presses.ts';
import { payForPrice, registerMember, signIn, TRAINER_ID } from './fixtures.ts';
import { test } from './flow-recorder.ts';

export interface MemberPageTexts {
  locale: 'en' | 'es';
  /** The visitor's navigation and call to action. */
  login: string;
  signup: string;
  getStarted: string;
  /** The start of a plan card's button for someone who has no plan ("Choose Monthly"). */
  choose: string;
}

export const ENGLISH: MemberPageTexts = {
  locale: 'en',
  login: 'Login',
  signup: 'Signup',
  getStarted: 'Get started',
  choose: 'Choose ',
};
export const SPANISH: MemberPageTexts = {
  locale: 'es',
  login: 'Iniciar sesión',
  signup: 'Registrarse',
  getStarted: 'Empezar',
  choose: 'Elegir ',
};

/** The public pages of spec section 2 a member may open: Home, a challenge page, a content page. */
const PUBLIC_PAGES = ['/', '/challenge/30-day-shred', '/privacy'];

interface Seen {
  /** What of the visitor's page was ever put in the document: a button's text, or `name`. */
  visitor: string[];
  /** Whether the member's name was ever put in the document. */
  name: boolean;
}

/**
 * Records, from the document's first parse on (the parser's insertions included), every button of the
 * visitor's page ever put in it (Login, Signup, Get started, a plan's Choose) and whether the member's
 * name ever was, in a node or a text's change.
 */
async function recordTheLoad(page: Page, texts: MemberPageTexts, name: string): Promise<void> {
  await page.addInitScript(
    ({ visitorTexts, choose, name }) => {
      const seen = { visitor: [] as string[], name: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      const look = (node: Node) => {
        if (node.textContent?.includes(name)) seen.name = true;
        if (!(node instanceof Element)) return;
        for (const button of [node, ...node.querySelectorAll('button, a')]) {
          if (button.tagName !== 'BUTTON' && button.tagName !== 'A') continue;
          const text = button.textContent?.trim() ?? '';
          if (visitorTexts.includes(text) || text.startsWith(choose)) seen.visitor.push(text);
        }
      };
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'characterData') look(record.target);
          for (const node of record.addedNodes) look(node);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { visitorTexts: [texts.login, texts.signup, texts.getStarted], choose: texts.choose, name },
  );
}

const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

async function subscribedMember(page: Page, request: APIRequestContext, locale: 'en' | 'es') {
  const member = await registerMember(request, locale, 'Mona Subscriber', 'member-pages');
  await signIn(page, member);
  await payForPrice(page, member, `${TRAINER_ID}-price-monthly`, '/');
  return member;
}

export function memberPageTests(texts: MemberPageTexts): void {
  test("a signed-in member's public pages show the member from the first paint: no visitor navigation or prices ever", async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await subscribedMember(page, request, texts.locale);
    await recordTheLoad(page, texts, member.name);
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      // The server's page names the member: the first paint is theirs.
      expect(await response?.text(), path).toContain(member.name);
      await expect(page.getByRole('button', { name: texts.login })).toHaveCount(0);
      expect((await seenOn(page)).visitor, path).toEqual([]);
    }
    // Home's prices are the member's: the plan they have offers no button.
    await page.goto('/');
    await expect(page.getByTestId(`pricing-plan-${TRAINER_ID}-price-monthly`)).toBeVisible();
    await expect(page.getByTestId('choose-plan-monthly')).toHaveCount(0);
    expect((await seenOn(page)).visitor).toEqual([]);
  });

  for (const [path, control] of [
    ['/challenge/30-day-shred', 'join-offer'],
    ['/', 'choose-plan-monthly'],
  ] as const) {
    test(`a signed-in member's press on ${control} (${path}) before the scripts run is kept, and opens the modal once hydrated`, async ({
      page,
      request,
    }) => {
      await signIn(page, await registerMember(request, texts.locale));
      const release = await openWithScriptsHeld(page, path);
      await pressUntilKept(page.getByTestId(control));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      release();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  }

  test('a revoked session shows the visitor from the first paint, never the member, and drops the kept copy', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, texts.locale, 'Rita Revoked', 'revoked');
    await signIn(page, member);
    // Signed out elsewhere (another device, a password reset): the session this browser keeps ends.
    expect((await request.post('/api/user/logout', { headers: { token: member.token } })).ok()).toBe(true);
    await recordTheLoad(page, texts, member.name);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: texts.login })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pcc-user'))).toBeNull();
    expect((await seenOn(page)).name).toBe(false);
    // Reloaded, the page stays the visitor's.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: texts.login })).toBeVisible();
    expect((await seenOn(page)).name).toBe(false);
  });

  test('a member kept from before the session cookie never sees the visitor once the page has run: their account shows after the check, and the next page is rendered for them', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, texts.locale, 'Lea Legacy', 'legacy');
    // Kept as the app kept members before the cookie: the stored copy alone, no cookie in the browser.
    const { user } = await (
      await request.get('/api/user?gateway=true', { headers: { token: member.token } })
    ).json();
    await page.addInitScript((stored) => localStorage.setItem('pcc-user', stored), JSON.stringify(user));
    // Each frame the browser draws: whether the page's identity is held back, and who it shows.
    await page.addInitScript(
      ({ login, name }) => {
        const frames: { held: boolean; visitor: boolean; member: boolean }[] = [];
        (window as unknown as { frames_: typeof frames }).frames_ = frames;
        const shown = (match: (element: Element) => boolean) =>
          [...document.querySelectorAll('header button, header a')].some(
            (element) => match(element) && element.checkVisibility({ visibilityProperty: true }),
          );
        const sample = () => {
          frames.push({
            held: document.documentElement.dataset.identity === 'pending',
            visitor: shown((element) => element.textContent?.trim() === login),
            member:
              shown((element) => element.textContent?.includes(name) ?? false) ||
              shown((e) => e.matches('[aria-controls="nav-menu"]')),
          });
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      },
      { login: texts.login, name: member.name },
    );
    const response = await page.goto('/');
    expect(await response?.text()).not.toContain(member.name);
    await expect(page.locator('header').getByText(member.name)).toBeAttached();
    await expect(page.getByRole('button', { name: texts.login })).toHaveCount(0);
    const frames = await page.evaluate(
      () =>
        (window as unknown as { frames_: { held: boolean; visitor: boolean; member: boolean }[] }).frames_,
    );
    const heldFrom = frames.findIndex((frame) => frame.held);
    expect(heldFrom, 'the loader held the identity back').toBeGreaterThanOrEqual(0);
    // Frames drawn before the loader ran (it usually runs first; nothing can run earlier, decision 127).
    test.info().annotations.push({
      type: 'frames with the visitor before the loader',
      description: String(frames.slice(0, heldFrom).filter((frame) => frame.visitor).length),
    });
    // From the moment the page's first script ran, the visitor's navigation was never drawn.
    expect(frames.slice(heldFrom).filter((frame) => frame.visitor)).toEqual([]);
    expect(frames.at(-1)).toEqual({ held: false, visitor: false, member: true });
    // The session's check gave the browser its cookie: the next page is rendered for the member.
    const next = await page.goto('/privacy');
    expect(await next?.text()).toContain(member.name);
  });
}
