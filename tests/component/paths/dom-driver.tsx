// Carries out UI paths in the real React tree with Testing Library: the member's actions are clicks
// and typing, the API is msw answering each call as the path says (held until the step that answers
// it, so the waiting screens can be checked too), and after each step the screen must show what the
// executor table says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { HttpResponse } from 'msw';
import type { Locale } from '../../../domain/localized.ts';
import { libraryTexts } from '../../../src/features/lazy-texts/lazy-texts.ts';
import { loadSignupModalTexts } from '../../../src/features/signup-modal/signup-modal.texts.ts';
import { STORED_USER_KEY } from '../../../src/lib/stored-user.ts';
import { createI18n } from '../../../src/text/i18n.ts';
import { messageText } from '../../../src/text/messages.ts';
import { contractHttp } from '../../contract-http.ts';
import { callsHeldFrom, type UiPath } from '../../paths/catalog.ts';
import type { Action, Call, Key, MemberKind, Outcome, Sight, Target } from '../../paths/ui.ts';
import { libraryDayAnswer, libraryMarkAnswer, MEMBERS, PRODUCTS, productsOf } from '../../paths/world.ts';
import { server } from '../server.ts';
import { renderWithFlows } from '../signup-modal/signup-modal.fixtures.tsx';
import { describePathTests } from './describe-paths.ts';
import { describeTarget, targetActions } from './press.ts';

const CREDENTIALS: Record<string, string> = { $email: 'ana@example.com', $password: 'secret-pass' };
const LINK_TOKEN = 'link-token';
/** How long before a timed step's end the screen must still be unchanged: the timers' slack. */
const EARLY_MARGIN_MS = 250;

interface Held {
  respond: (response: Response) => void;
}

function memberWithToken(kind: MemberKind) {
  return { ...MEMBERS[kind](), token: 'tok' };
}

export async function replayInDom(path: UiPath, locale: Locale = 'en'): Promise<void> {
  const i18n = await createI18n(locale);
  await loadSignupModalTexts(i18n, locale);
  await libraryTexts.load(i18n, locale);
  const t: TFunction = i18n.t.bind(i18n);
  let member: MemberKind | null = null;
  let products = PRODUCTS;
  let router: Awaited<ReturnType<typeof renderWithFlows>>['router'] | undefined;
  /** What the member's last press asked the server to mark the day: done, or not done. */
  let marking = true;
  const armed = new Set<Call>();
  const held = new Map<Call, Held>();

  const hold = (call: Call) =>
    new Promise<Response>((resolve) => {
      held.set(call, { respond: resolve });
    });
  /**
   * The calls the path answers wait for their step; the session's own fetch of the member, made
   * before the modal opens, is answered at once as a server would.
   */
  const handle = async (call: Call, immediate: () => Response | Promise<Response>) =>
    armed.has(call) && (call !== 'refreshUser' || path.chart === 'session' || screen.queryByRole('dialog'))
      ? hold(call)
      : immediate();
  /** A call no step answers stays unanswered, as when the member moves on before the server answers. */
  const unanswered = () => new Promise<Response>(() => {});

  server.use(
    contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(products)),
    contractHttp.get('/api/user', ({ request }) => {
      const byLink = request.headers.get('token') === LINK_TOKEN;
      if (byLink)
        return handle('fetchUserByToken', () =>
          member
            ? HttpResponse.json({ success: true as const, user: memberWithToken(member) })
            : unanswered(),
        );
      const session = () =>
        member
          ? HttpResponse.json({ success: true as const, user: memberWithToken(member) })
          : HttpResponse.json({ success: false as const, message: 'Please log in' }, { status: 401 });
      return handle('refreshUser', session);
    }),
    contractHttp.post('/api/user/login', () => handle('login', unanswered)),
    contractHttp.post('/api/user/register', () => handle('register', unanswered)),
    contractHttp.post('/api/user/forgot-password', () => handle('requestPasswordReset', unanswered)),
    contractHttp.post('/api/user/resend-verification', () => handle('resendVerification', unanswered)),
    contractHttp.put('/api/user/{userID}', () => handle('markEmailVerified', unanswered)),
    contractHttp.post('/api/user/startGatewayStripeSession', () => handle('startCheckout', unanswered)),
    contractHttp.post('/api/user/logout', () =>
      handle('logout', () => HttpResponse.json({ success: true as const, message: 'Signed out' })),
    ),
    contractHttp.get('/api/user/library/{kind}/{slug}/units/{key}', () => handle('readUnit', unanswered)),
    contractHttp.put('/api/user/library/{kind}/{slug}/units/{key}/done', async ({ request }) => {
      marking = ((await request.json()) as { done: boolean }).done;
      return handle('markUnit', unanswered);
    }),
  );

  const text = (name: Key) =>
    i18n.exists(name.key) ? t(name.key, name.values ?? {}) : messageText(name.key, t);

  /**
   * Once the modal is open, what the member reads and presses is inside it, and queries start there:
   * walking the whole page's accessibility tree for each one made the replays several times slower.
   */
  function scope(target: Exclude<Target, { anyOf: Target[] }>) {
    if ('text' in target || ('role' in target && target.page)) return screen;
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    return dialog && !('role' in target && target.role === 'dialog') ? within(dialog) : screen;
  }

  function find(target: Target): HTMLElement[] {
    // jsdom applies no breakpoint: both the wide nav's and the phone's are there.
    if ('anyOf' in target) return target.anyOf.flatMap(find);
    const inside = scope(target);
    if ('role' in target) {
      const { role, name } = target;
      // An alert's or a status's name is not taken from its content: they are matched by their text.
      if (name && (role === 'alert' || role === 'status')) {
        return inside.queryAllByRole(role).filter((element) => element.textContent?.includes(text(name)));
      }
      return inside.queryAllByRole(role, name ? { name: text(name) } : {});
    }
    if ('label' in target) return inside.queryAllByLabelText(text(target.label));
    if ('text' in target) return inside.queryAllByText(text(target.text));
    if ('testId' in target) return inside.queryAllByTestId(target.testId);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    const cards = dialog ? [...dialog.querySelectorAll<HTMLElement>('[role="radio"]')] : [];
    const card = cards[target.planCard];
    return card ? [card] : [];
  }

  const { one, press } = targetActions(find);

  function body(call: Call, outcome: Outcome & { ok: true }) {
    const kind = outcome.member ?? member ?? 'verified';
    switch (call) {
      case 'login':
        member = kind;
        return HttpResponse.json({ success: true as const, userToken: 'tok' });
      case 'register':
        member = kind;
        return HttpResponse.json({ success: true as const, user: memberWithToken(kind), token: 'tok' });
      case 'refreshUser':
      case 'fetchUserByToken':
      case 'markEmailVerified':
        member = kind;
        return HttpResponse.json({ success: true as const, user: memberWithToken(kind) });
      case 'requestPasswordReset':
      case 'resendVerification':
        return HttpResponse.json({ success: true as const });
      case 'logout':
        return HttpResponse.json({ success: true as const, message: 'Signed out' });
      case 'startCheckout':
        // A same-document address, so jsdom can follow the redirect.
        return HttpResponse.json({ success: true as const, url: '#sandbox-checkout' }, { status: 201 });
      case 'readUnit':
        return HttpResponse.json(libraryDayAnswer(outcome.done === true));
      case 'markUnit':
        return HttpResponse.json(libraryMarkAnswer(marking));
      default:
        throw new Error(`the member's site makes no ${call} call (the studio's driver answers it)`);
    }
  }

  function responseOf(call: Call, outcome: Outcome): Response {
    if (outcome.ok) return body(call, outcome);
    if ('network' in outcome) return HttpResponse.error();
    return HttpResponse.json(
      { success: false as const, message: outcome.message, ...outcome.refusal },
      { status: outcome.status },
    );
  }

  async function perform(action: Action) {
    if ('open' in action) {
      const opening = action.open;
      member = opening.member;
      if (opening.member)
        localStorage.setItem(STORED_USER_KEY, JSON.stringify(memberWithToken(opening.member)));
      products = productsOf(opening);
      const address = opening.link
        ? `${opening.path}?openModal=true&token=${LINK_TOKEN}`
        : opening.verifiedInAddress
          ? `${opening.path}?openModal=true&verified=true`
          : opening.path;
      ({ router } = await renderWithFlows(address, {
        settings: { enableEmailVerification: opening.verification },
        locale,
      }));
      if (opening.press) await press(opening.press);
      // An address of the address chart's may open no modal (a members-only page, a link signing in).
      if (opening.press || opening.link || opening.verifiedInAddress) await one({ role: 'dialog' });
      return;
    }
    if ('click' in action) {
      if (action.ifShown && find(action.click).length === 0) return;
      await press(action.click);
      return;
    }
    if ('fill' in action) {
      fireEvent.change(await one(action.fill), {
        target: { value: CREDENTIALS[action.value] ?? action.value },
      });
      return;
    }
    if ('answer' in action) {
      const call = action.answer;
      await waitFor(() => {
        if (!held.has(call)) throw new Error(`no ${call} call was made`);
      });
      const waiting = held.get(call) as Held;
      held.delete(call);
      armed.delete(call);
      await act(async () => waiting.respond(responseOf(call, action.outcome)));
      return;
    }
    if ('go' in action) {
      const to = action.go;
      await act(async () => {
        await router?.navigate({ href: to });
      });
      return;
    }
    if ('wait' in action) {
      // The wait is the spec's delay (spec 9), bounded both ways on screen: an open modal is still
      // open shortly before it (the sight after the step checks it is over by then).
      const ms = action.wait;
      const early = Math.max(0, ms - EARLY_MARGIN_MS);
      const open = document.querySelector('[role="dialog"]') !== null;
      await act(() => new Promise((resolve) => setTimeout(resolve, early)));
      if (open && document.querySelector('[role="dialog"]') === null)
        throw new Error(`spec 9: a timed step waits its ${ms} ms: the modal closed before ${early} ms`);
      await act(() => new Promise((resolve) => setTimeout(resolve, ms - early + 50)));
    }
  }

  async function see(sight: Sight) {
    await waitFor(
      () => {
        for (const target of sight.shows) {
          if (find(target).length === 0) throw new Error(`expected to see ${describeTarget(target)}`);
        }
        for (const target of sight.hides ?? []) {
          if (find(target).length > 0) throw new Error(`expected not to see ${describeTarget(target)}`);
        }
        const search = router?.state.location.searchStr ?? '';
        for (const parameter of sight.addressLacks ?? []) {
          if (new URLSearchParams(search).has(parameter))
            throw new Error(`expected the address to lose ${parameter}: ${router?.state.location.href}`);
        }
        // The link leaves the address once the modal's chunk has loaded, which may take over a second.
      },
      { timeout: 5000 },
    );
  }

  for (const [index, step] of path.steps.entries()) {
    const next = path.steps[index + 1];
    // The calls this step and the next answer are held from now, so each waiting screen shows.
    for (const call of callsHeldFrom(path, index)) armed.add(call);
    try {
      for (const action of step.step.actions) await perform(action);
      // A step that needs no action of its own happened with this one: its state is what shows.
      const passes = next && next.step.actions.length === 0;
      if (step.sight && !passes) await see(step.sight);
    } catch (error) {
      throw new Error(
        `${path.id} step ${index} (${step.event.type}: ${step.step.does}) in state ${step.state}: ${(error as Error).message}`,
      );
    }
  }
}

/**
 * One test per UI path of a chart, then the coverage check: every state and transition reached by a
 * passing path, except `unreachable`, the transitions no screen can take.
 */
export function describeUiPaths(title: string, chart: UiPath['chart'], unreachable: string[]): void {
  describePathTests(title, chart, { replayIn: replayInDom, unreachable });
}
