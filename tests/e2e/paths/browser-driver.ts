// Carries out UI paths in Chromium against the real server: the member's actions are clicks and
// typing, members are real accounts of each kind (registered, verified with the emailed link, paid on
// the sandbox's hosted page), links come from the dev mailbox, and a member kept from an earlier visit
// is a real session of theirs stored under `pcc-user`, its cookie in the browser. Each API call a path answers is held at the
// network until its step: an answer the server can give goes on to it; a 401 to the member's session
// is the server's own, once the session has been revoked as signing out elsewhere does; a link the
// server refuses carries a token it never issued; other refusals the path names (a limit reached, a
// wrong password) are given in the server's place, as it would; and a call that gets no answer is
// aborted by the browser, as when the network is down. After each step the screen must show what the
// executor table says, the address must have lost what the table says, and a screenshot goes to the
// report.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type Route,
  type TestInfo,
  test,
} from '@playwright/test';
import i18next, { type TFunction } from 'i18next';
import type { Locale } from '../../../domain/localized.ts';
import { messageText } from '../../../src/text/messages.ts';
import { callsHeldFrom, showsAt, type UiPath } from '../../paths/catalog.ts';
import { momentsAt, type ScreenVariant, screenshotFile } from '../../paths/storyboard.ts';
import type { Action, Call, Key, MemberKind, Outcome, Sight, Target } from '../../paths/ui.ts';
import { MEMBER_NAME } from '../../paths/world.ts';
import {
  emailedLink,
  keepScreenshot,
  type Member,
  PASSWORD,
  payForPrice,
  registerUnverified,
  TRAINER_ID,
  uniqueEmail,
  verifyEmail,
} from '../fixtures.ts';

/** The demo site's addresses for the places the tables name. */
const PLACES: Record<string, string> = {
  '/': '/',
  '/challenge/shred': '/challenge/30-day-shred',
  '/course/strength': '/course/strength-foundations',
};

/** The token the tables' links carry: the driver puts a real one in its place. */
const TABLE_LINK_TOKEN = 'link-token';

/** The demo trainer's plan a subscriber of each kind pays for. */
const SUBSCRIPTION_PRICES: Partial<Record<MemberKind, string>> = {
  monthly: `${TRAINER_ID}-price-monthly`,
  quarterly: `${TRAINER_ID}-price-quarterly`,
  annual: `${TRAINER_ID}-price-annual`,
};

/** The calls made with the member's session: a 401 to them is the session revoked. */
const SESSION_CALLS = new Set<Call>(['refreshUser', 'startCheckout', 'fetchUserByToken']);

function texts(locale: Locale) {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      (['en', 'es'] as const).map((language) => [
        language,
        { translation: read(`locales/${language}.json`) },
      ]),
    ),
  });
  // The lazy catalogues (the modal's, the library's) join the same namespace, merged deeply as their
  // chunks add them.
  for (const language of ['en', 'es'] as const)
    for (const catalogue of ['signup-modal', 'library'])
      instance.addResourceBundle(
        language,
        'translation',
        read(`locales/${catalogue}/${language}.json`),
        true,
        false,
      );
  return instance;
}

/** The routes of the calls the flows make, by what a path calls them. */
function callOf(route: Route, linkToken: string | null): Call | null {
  const request = route.request();
  const { pathname } = new URL(request.url());
  const method = request.method();
  if (pathname === '/api/user' && method === 'GET')
    return linkToken && request.headers().token === linkToken ? 'fetchUserByToken' : 'refreshUser';
  if (method === 'POST' && pathname === '/api/user/login') return 'login';
  if (method === 'POST' && pathname === '/api/user/register') return 'register';
  if (method === 'POST' && pathname === '/api/user/forgot-password') return 'requestPasswordReset';
  if (method === 'POST' && pathname === '/api/user/resend-verification') return 'resendVerification';
  if (method === 'POST' && pathname === '/api/user/startGatewayStripeSession') return 'startCheckout';
  if (method === 'POST' && pathname === '/api/user/logout') return 'logout';
  if (method === 'PUT' && /^\/api\/user\/[^/]+$/.test(pathname)) return 'markEmailVerified';
  return null;
}

/**
 * The kinds of member no path changes (a checkout a path starts is never paid), so the paths of one
 * worker share one account of each per site: a subscriber costs a payment on the sandbox's page.
 */
const SHARED_KINDS = new Set<MemberKind>(['verified', 'monthly', 'quarterly', 'annual']);
const sharedAccounts = new Map<string, Member>();

export interface BrowserReplay {
  /** The site's origin: the demo site, or its twin without email verification. */
  site: string;
  page: Page;
  request: APIRequestContext;
  testInfo: TestInfo;
  locale: Locale;
  variant: ScreenVariant;
  /** Where `npm run docs:screens` keeps the storyboard's screenshots (docs/statecharts). */
  screensDir?: string;
}

/** Whether the path has the server refuse a call with a 401 (a link's token it does not know). */
function refusedUnknown(uiPath: UiPath, call: Call): boolean {
  return uiPath.steps.some((step) =>
    step.step.actions.some(
      (action) =>
        'answer' in action &&
        action.answer === call &&
        !action.outcome.ok &&
        'status' in action.outcome &&
        action.outcome.status === 401,
    ),
  );
}

/** A token of the right shape that the server never issued. */
const neverIssued = () => `never-issued-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** The member kind each answer of the path signs in as: the path's account is of that kind. */
function signsInAs(uiPath: UiPath, call: Call): MemberKind | undefined {
  for (const step of uiPath.steps)
    for (const action of step.step.actions)
      if ('answer' in action && action.answer === call && action.outcome.ok) return action.outcome.member;
  return undefined;
}

export async function replayInBrowser(uiPath: UiPath, run: BrowserReplay): Promise<void> {
  const { page, request, testInfo, locale } = run;
  const i18n = texts(locale);
  const t: TFunction = i18n.t.bind(i18n);
  const text = (name: Key) =>
    i18n.exists(name.key) ? t(name.key, name.values ?? {}) : messageText(name.key, t);

  // The path's member: a real account of the kind its sign-in answer names, else a new one.
  const accounts = new Map<MemberKind, Member>();
  // A path whose member logs out ends the session it holds: that member is its own.
  const logsOut = uiPath.steps.some((step) =>
    step.step.actions.some((action) => 'answer' in action && action.answer === 'logout'),
  );
  const account = async (kind: MemberKind): Promise<Member> => {
    const shared = SHARED_KINDS.has(kind) && !logsOut ? `${run.site} ${kind}` : null;
    const known = accounts.get(kind) ?? (shared ? sharedAccounts.get(shared) : undefined);
    if (known) return known;
    // An unverified member has not been emailed yet, so asking for the email again is not refused.
    const member = await registerUnverified(
      request,
      locale,
      `path-${kind}`,
      MEMBER_NAME,
      kind !== 'unverified',
    );
    if (kind !== 'unverified') await verifyEmail(request, member.email);
    const price = SUBSCRIPTION_PRICES[kind];
    if (price) {
      const checkout = await page.context().newPage();
      await payForPrice(checkout, member, price, '/');
      await checkout.close();
    }
    accounts.set(kind, member);
    if (shared) sharedAccounts.set(shared, member);
    return member;
  };
  const loginKind = signsInAs(uiPath, 'login');
  const credentials = {
    $email: loginKind ? (await account(loginKind)).email : uniqueEmail('path-new'),
    $password: PASSWORD,
  };
  /** The account whose email the path's forms and links are about. */
  let current: Member | null = loginKind ? (accounts.get(loginKind) ?? null) : null;

  let linkToken: string | null = null;
  const armed = new Set<Call>();
  const held = new Map<Call, Route>();
  await page.route('**/api/user**', async (route) => {
    const call = callOf(route, linkToken);
    if (!call) return route.continue();
    // The session's own fetch of the member is the session chart's to answer; in the others, only
    // the one the modal makes.
    const dialogOpen = uiPath.chart !== 'session' && (await page.getByRole('dialog').count()) > 0;
    if (armed.has(call) && (call !== 'refreshUser' || uiPath.chart === 'session' || dialogOpen)) {
      held.set(call, route);
      return;
    }
    // The session's own fetch of the member goes on, and so does a logout from the nav (the session
    // and address charts leave it to the server); a call no step answers stays unanswered, as when
    // the member moves on before the server answers (the modal's 'Not you? Log out' left signing out).
    if (call === 'refreshUser' || call === 'fetchUserByToken') return route.continue();
    if (call === 'logout' && (uiPath.chart === 'session' || uiPath.chart === 'address'))
      return route.continue();
  });

  async function isVerified(member: Member): Promise<boolean> {
    const response = await request.get('/api/user?gateway=true', { headers: { token: member.token } });
    return ((await response.json()) as { user?: { email_verified?: boolean } }).user?.email_verified === true;
  }

  async function answer(call: Call, outcome: Outcome) {
    await expect.poll(() => held.has(call), { message: `no ${call} call was made` }).toBe(true);
    const route = held.get(call) as Route;
    held.delete(call);
    armed.delete(call);
    if (!outcome.ok) {
      // No answer: the browser fails the request, as it does offline.
      if ('network' in outcome) return route.abort('internetdisconnected');
      if (outcome.status === 401 && SESSION_CALLS.has(call)) {
        // The session revoked elsewhere (a link's token is one the server never issued): the
        // server's own 401.
        const token = route.request().headers().token;
        if (token && call !== 'fetchUserByToken')
          await request.post('/api/user/logout', { headers: { token } });
        const response = await route.fetch();
        expect(response.status(), `the server's answer to ${call} once the session is revoked`).toBe(401);
        return route.fulfill({ response });
      }
      return route.fulfill({
        status: outcome.status,
        json: { success: false, message: outcome.message },
      });
    }
    // The email is verified meanwhile, as the member does by following the emailed link.
    if (
      call === 'refreshUser' &&
      outcome.member !== 'unverified' &&
      current &&
      !(await isVerified(current))
    ) {
      // The member follows the newest emailed link; one is sent first if none was (refused if one was).
      await request.post('/api/user/resend-verification', { headers: { token: current.token } });
      await verifyEmail(request, current.email);
    }
    const response = await route.fetch();
    if (call === 'register' && response.ok()) {
      const body = (await response.json()) as { token: string; user: { _id: string } };
      current = { id: body.user._id, token: body.token, email: credentials.$email, name: MEMBER_NAME };
    }
    return route.fulfill({ response });
  }

  /** Once the modal is open, what the member reads and presses is inside it (the page behind has its own Login). */
  async function find(target: Target): Promise<Locator> {
    // The one the screen's width shows.
    if ('anyOf' in target) {
      const [first, ...others] = await Promise.all(target.anyOf.map(find));
      if (!first) throw new Error('anyOf names no target');
      return others.reduce((union, other) => union.or(other), first).filter({ visible: true });
    }
    const dialog = page.getByRole('dialog');
    const wholePage = 'role' in target && (target.role === 'dialog' || target.page === true);
    const inside = !wholePage && (await dialog.count()) > 0 ? dialog : page;
    if ('role' in target) {
      const { role, name } = target;
      if (name && (role === 'alert' || role === 'status'))
        return inside.getByRole(role).filter({ hasText: text(name) });
      return inside.getByRole(role, name ? { name: text(name), exact: target.exact ?? true } : {});
    }
    if ('label' in target) return inside.getByLabel(text(target.label), { exact: true });
    if ('testId' in target) return inside.getByTestId(target.testId);
    if ('text' in target) return page.getByText(text(target.text), { exact: true });
    return dialog.getByRole('radio').nth(target.planCard);
  }

  /** A session of its own for a kept member, so revoking it or logging out leaves the account's others alone. */
  async function ownSession(member: Member): Promise<string> {
    const response = await request.post('/api/user/login?gateway=true', {
      data: { email: member.email, password: PASSWORD, trainerID: TRAINER_ID },
    });
    expect(response.ok(), 'signing the kept member in').toBe(true);
    return ((await response.json()) as { userToken: string }).userToken;
  }

  /**
   * The token of a link the table writes: an emailed link's for a new account, or, when the path has
   * the server refuse it, a token the server never issued.
   */
  async function linkTokenFor(): Promise<string> {
    if (refusedUnknown(uiPath, 'fetchUserByToken')) return neverIssued();
    const linked = await registerUnverified(request, locale, 'path-link', MEMBER_NAME);
    return new URL(await emailedLink(request, linked.email, 'token=')).searchParams.get('token') ?? '';
  }

  async function open(opening: NonNullable<UiPath['opening']>) {
    const [where = '/', query = ''] = opening.path.split('?');
    const parameters = new URLSearchParams(query);
    if (parameters.get('token') === TABLE_LINK_TOKEN) {
      linkToken = await linkTokenFor();
      parameters.set('token', linkToken);
    }
    const place = `${PLACES[where] ?? where}${parameters.size ? `?${parameters}` : ''}`;
    if (opening.member) {
      const member = opening.link
        ? await registerUnverified(request, locale, 'path-link', MEMBER_NAME)
        : await account(opening.member);
      current = member;
      const token = opening.link ? member.token : await ownSession(member);
      // Asked from the page's own context, as the app does: the answer gives the browser the session's
      // cookie too (decision 127), so its pages come rendered for the member.
      const response = await page.request.get('/api/user?gateway=true', { headers: { token } });
      const { user } = (await response.json()) as { user: unknown };
      // Kept once, as an earlier visit left it: a later page load finds what the session left there.
      await page.addInitScript((stored) => {
        if (sessionStorage.getItem('paths-kept')) return;
        sessionStorage.setItem('paths-kept', '1');
        localStorage.setItem('pcc-user', stored);
      }, JSON.stringify(user));
    }
    let address = opening.verifiedInAddress ? `${place}?openModal=true&verified=true` : place;
    if (opening.link) {
      current ??= await registerUnverified(request, locale, 'path-link');
      const link = new URL(await emailedLink(request, current.email, 'openModal=true'));
      if (refusedUnknown(uiPath, 'fetchUserByToken')) link.searchParams.set('token', neverIssued());
      address = link.toString();
      linkToken = link.searchParams.get('token');
    }
    await page.addInitScript((chosen) => localStorage.setItem('pcc-locale', chosen), locale);
    await page.goto(address);
    if (opening.press) await (await find(opening.press)).first().click();
    // An address of the address chart's may open no modal (a members-only page, a link signing in).
    // The first press starts the app and fetches the modal's code: on a loaded machine that alone
    // has taken more than the default 5 s, so the wait is longer (a lost press still fails it).
    if (opening.press || opening.link || opening.verifiedInAddress)
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  }

  async function perform(action: Action) {
    if ('open' in action) return open(action.open);
    if ('click' in action) {
      const target = (await find(action.click)).first();
      if (action.ifShown && !(await target.isVisible())) return;
      return target.click();
    }
    if ('fill' in action)
      return (await find(action.fill))
        .first()
        .fill(credentials[action.value as keyof typeof credentials] ?? action.value);
    if ('answer' in action) return answer(action.answer, action.outcome);
    if ('go' in action) throw new Error('moving inside the app runs in the components only (inBrowser)');
    return page.waitForTimeout(action.wait + 50);
  }

  async function see(sight: Sight) {
    for (const target of sight.shows) await expect((await find(target)).first()).toBeVisible();
    for (const target of sight.hides ?? []) await expect(await find(target)).toHaveCount(0);
    for (const parameter of sight.addressLacks ?? [])
      await expect
        .poll(() => new URL(page.url()).searchParams.has(parameter), {
          message: `the address still carries ${parameter}`,
        })
        .toBe(false);
  }

  for (const [index, step] of uiPath.steps.entries()) {
    for (const call of callsHeldFrom(uiPath, index)) armed.add(call);
    await test.step(`${index}. ${step.step.does}${step.sight ? ` → sees ${step.sight.says}` : ''}`, async () => {
      for (const action of step.step.actions) await perform(action);
      if (!step.sight || !showsAt(uiPath, index)) return;
      await see(step.sight);
      // Kept as a file beside the test's trace, and shown in the HTML report.
      const stepFile = testInfo.outputPath(`step-${String(index).padStart(2, '0')}-${step.state}.png`);
      const shot = await keepScreenshot(page, { path: stepFile });
      await testInfo.attach(`${String(index).padStart(2, '0')} ${step.state}`, {
        path: stepFile,
        contentType: 'image/png',
      });
      if (!run.screensDir) return;
      const screens = run.screensDir;
      const keep = async (file: string, picture: () => Promise<Buffer>) => {
        const full = path.join(screens, file);
        if (existsSync(full)) return;
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, await picture());
      };
      await keep(screenshotFile(uiPath.chart, step.state, run.variant), async () => shot);
      // A moment of the state's (tests/paths/storyboard.ts) once what shows it has appeared.
      for (const { state, moment, waitFor } of momentsAt(uiPath, index))
        await keep(screenshotFile(uiPath.chart, state, run.variant, moment), async () => {
          if (waitFor) await expect((await find(waitFor)).first()).toBeVisible();
          return keepScreenshot(page, {});
        });
    });
  }
}
