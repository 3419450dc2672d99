// Carries out the studio's UI paths in the real studio (its router, pages and charts) with Testing
// Library: the staff member's actions are clicks and typing, the studio's API is msw answering each
// call as the path says (held until the step that answers it, so every waiting screen is checked),
// and the browser's passkey prompt is a stand-in authenticator answered the same way (jsdom has no
// WebAuthn). After each step the screen must show what the executor table says, and the studio's
// rules (tests/paths/studio-rules.ts, written from the spec) must hold for what was sent.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { Locale } from '../../../domain/localized.ts';
import { createStudioI18n } from '../../../src/studio/i18n.ts';
import { contractHttp } from '../../contract-http.ts';
import { openingOf, type UiPath } from '../../paths/catalog.ts';
import { type StudioTrace, studioRuleBreaks } from '../../paths/studio-rules.ts';
import type { Action, Call, Key, Outcome, Sight, Target } from '../../paths/ui.ts';
import { server } from '../server.ts';
import { COACH as COACH_STAFF, OWNER as OWNER_STAFF, renderStudio } from '../studio/render-studio.tsx';
import { describePathTests } from './describe-paths.ts';
import { describeTarget, targetActions } from './press.ts';
import { answerBody, STUDIO_WORLD } from './studio-world.ts';

interface Held {
  respond: (answer: { outcome: Outcome }) => void;
}

/** The stand-in for the browser's passkey API: a prompt waits for the path to answer it. */
function installAuthenticator(hold: (call: Call) => Promise<{ outcome: Outcome }>) {
  const credential = (kind: 'get' | 'create') => {
    const bytes = new Uint8Array([1, 2, 3, 4]).buffer;
    const response =
      kind === 'get'
        ? { authenticatorData: bytes, clientDataJSON: bytes, signature: bytes, userHandle: bytes }
        : { attestationObject: bytes, clientDataJSON: bytes, getTransports: () => ['internal'] };
    return {
      id: 'AQIDBA',
      rawId: bytes,
      type: 'public-key',
      response,
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
    };
  };
  const prompt = (call: Call, kind: 'get' | 'create') => async () => {
    const { outcome } = await hold(call);
    if (!outcome.ok && 'browser' in outcome && outcome.browser)
      throw new DOMException('The prompt ended.', outcome.browser);
    return credential(kind);
  };
  Object.defineProperty(globalThis, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
  });
  Object.defineProperty(navigator, 'credentials', {
    value: { get: prompt('authenticate', 'get'), create: prompt('register', 'create') },
    configurable: true,
  });
}

function removeAuthenticator() {
  Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
  Reflect.deleteProperty(navigator, 'credentials');
}

export async function replayInStudio(path: UiPath, locale: Locale = 'en'): Promise<void> {
  const i18n = await createStudioI18n(locale);
  const t = i18n.t.bind(i18n);
  const opening = openingOf(path);
  let staff = opening?.studio?.staff ?? null;
  const held = new Map<Call, Held>();
  const trace: StudioTrace = { sent: [], answered: [], shown: [], locale };

  const hold = (call: Call) =>
    new Promise<{ outcome: Outcome }>((resolve) => {
      held.set(call, { respond: resolve });
    });
  /** Every call waits for the step that answers it; the answer is what the path says. */
  const handle = async (call: Call, body: unknown, respond?: (outcome: Outcome) => void) => {
    trace.sent.push({ call, body, at: trace.answered.length, shownBefore: trace.shown.length });
    const { outcome } = await hold(call);
    respond?.(outcome);
    if (!outcome.ok && 'network' in outcome) return HttpResponse.error();
    if (!outcome.ok && 'status' in outcome)
      return HttpResponse.json({ success: false, message: outcome.message, ...outcome.refusal } as never, {
        status: outcome.status,
      });
    if (!outcome.ok) throw new Error(`${call}: no answer for ${JSON.stringify(outcome)}`);
    const { status, body: answer } = answerBody(call, outcome);
    return HttpResponse.json(answer as never, { status });
  };
  const signsIn = (outcome: Outcome) => {
    if (outcome.ok) staff = 'owner';
  };
  installAuthenticator(hold);

  server.use(
    contractHttp.get('/api/studio/me', () =>
      staff
        ? HttpResponse.json({ success: true as const, staff: staff === 'owner' ? OWNER_STAFF : COACH_STAFF })
        : HttpResponse.json({ success: false as const, message: 'Sign in to the studio.' }, { status: 401 }),
    ),
    contractHttp.get('/api/studio/members/{memberID}', () =>
      HttpResponse.json({ success: true as const, member: STUDIO_WORLD.member }),
    ),
    contractHttp.get('/api/studio/products', () =>
      HttpResponse.json({ success: true as const, products: STUDIO_WORLD.products }),
    ),
    contractHttp.get('/api/studio/plans', () =>
      HttpResponse.json({ success: true as const, plans: STUDIO_WORLD.plans }),
    ),
    contractHttp.get('/api/studio/coupons', () => HttpResponse.json({ success: true as const, coupons: [] })),
    contractHttp.get('/api/studio/charges/{chargeID}/refund', () => handle('previewRefund', null)),
    contractHttp.post('/api/studio/charges/{chargeID}/refund', async ({ request }) =>
      handle('refundCharge', await request.json()),
    ),
    contractHttp.patch('/api/studio/plans/{planID}', async ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      return handle(dryRun ? 'checkChange' : 'saveItem', await request.json());
    }),
    contractHttp.post('/api/studio/plans', async ({ request }) => handle('saveItem', await request.json())),
    contractHttp.post('/api/studio/plans/{planID}/archive', () => handle('archiveItem', null)),
    contractHttp.post('/api/studio/sign-in/passkey/options', () => handle('passkeyOptions', null)),
    contractHttp.post('/api/studio/sign-in/passkey', async ({ request }) =>
      handle('verifyPasskey', await request.json(), signsIn),
    ),
    contractHttp.post('/api/studio/sign-in/link', async ({ request }) =>
      handle('requestLink', await request.json()),
    ),
    contractHttp.post('/api/studio/sign-in/link/verify', async ({ request }) =>
      handle('verifyLink', await request.json(), signsIn),
    ),
    contractHttp.get('/api/studio/invites/{token}', () => handle('readInvite', null)),
    contractHttp.post('/api/studio/invites/{token}/passkey/options', async ({ request }) =>
      handle('inviteOptions', await request.json()),
    ),
    contractHttp.post('/api/studio/invites/{token}/passkey', async ({ request }) =>
      handle('acceptInvite', await request.json(), signsIn),
    ),
  );

  /** A catalogue key in the page's language, or the server's own words; `$t:key` values nest a key. */
  const text = (name: Key) => {
    const values = Object.fromEntries(
      Object.entries(name.values ?? {}).map(([k, v]) =>
        typeof v === 'string' && v.startsWith('$t:') ? [k, t(v.slice(3))] : [k, v],
      ),
    );
    return i18n.exists(name.key) ? t(name.key, values) : name.key;
  };

  /** Inside the open dialog, when one is open: the page behind it is inert. */
  function scope(target: Target) {
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    return dialog && !('role' in target && target.role === 'dialog') ? within(dialog) : screen;
  }

  function find(target: Target): HTMLElement[] {
    if ('anyOf' in target) return target.anyOf.flatMap(find);
    const inside = scope(target);
    if ('role' in target) {
      const { role, name, exact } = target;
      if (name && (role === 'alert' || role === 'status' || exact === false)) {
        const wanted = text(name);
        return inside.queryAllByRole(role).filter((element) => {
          const said =
            role === 'alert' || role === 'status'
              ? element.textContent
              : (element.getAttribute('aria-label') ?? element.textContent);
          return said?.includes(wanted) ?? false;
        });
      }
      return inside.queryAllByRole(role, name ? { name: text(name) } : {});
    }
    // A required field's label ends with Mantine's asterisk.
    if ('label' in target) return inside.queryAllByLabelText(text(target.label), { exact: false });
    if ('text' in target) return inside.queryAllByText(text(target.text));
    if ('testId' in target) return inside.queryAllByTestId(target.testId);
    return [];
  }

  const { one, press } = targetActions(find);

  let router: Awaited<ReturnType<typeof renderStudio>>['router'] | undefined;

  async function perform(action: Action) {
    if ('open' in action) {
      ({ router } = await renderStudio(action.open.path, locale));
      if (action.open.press) await press(action.open.press);
      return;
    }
    if ('click' in action) {
      if (action.ifShown && find(action.click).length === 0) return;
      await press(action.click);
      return;
    }
    if ('fill' in action) {
      fireEvent.change(await one(action.fill), { target: { value: action.value } });
      return;
    }
    if ('answer' in action) {
      const call = action.answer;
      await waitFor(
        () => {
          if (!held.has(call)) throw new Error(`no ${call} call was made`);
        },
        { timeout: 5000 },
      );
      const waiting = held.get(call) as Held;
      held.delete(call);
      trace.answered.push({ call, outcome: action.outcome });
      await act(async () => waiting.respond({ outcome: action.outcome }));
      return;
    }
    throw new Error(`the studio's paths do not ${JSON.stringify(action)}`);
  }

  async function see(sight: Sight) {
    await waitFor(
      () => {
        for (const target of sight.shows)
          if (find(target).length === 0) throw new Error(`expected to see ${describeTarget(target)}`);
        for (const target of sight.hides ?? [])
          if (find(target).length > 0) throw new Error(`expected not to see ${describeTarget(target)}`);
        if (sight.at && router?.state.location.pathname !== sight.at)
          throw new Error(`expected to be on ${sight.at}, not ${router?.state.location.pathname}`);
      },
      { timeout: 5000 },
    );
  }

  try {
    for (const [index, step] of path.steps.entries()) {
      const next = path.steps[index + 1];
      try {
        for (const action of step.step.actions) await perform(action);
        const passes = next && next.step.actions.length === 0;
        if (step.sight && !passes) await see(step.sight);
        trace.shown.push({
          text: document.body.textContent ?? '',
          at: router?.state.location.pathname ?? '',
          answered: trace.answered.length,
        });
        const broken = studioRuleBreaks(path, trace);
        if (broken.length > 0) throw new Error(broken.join('; '));
      } catch (error) {
        // What the page said, to read a failure without a debugger.
        const said = (document.querySelector('[role="dialog"]') ?? document.body).textContent?.slice(0, 400);
        throw new Error(
          `${path.id} step ${index} (${step.event.type}: ${step.step.does}) in state ${step.state}: ${(error as Error).message} (the page said: ${said})`,
        );
      }
    }
  } finally {
    removeAuthenticator();
  }
}

/**
 * One test per UI path of a studio chart (and again in Spanish for those `inSpanish` picks), then the
 * coverage check: every state and transition reached by a passing path.
 */
export function describeStudioPaths(
  title: string,
  chart: UiPath['chart'],
  inSpanish: (path: UiPath) => boolean = () => false,
): void {
  describePathTests(title, chart, { replayIn: replayInStudio, inSpanish });
}
