// The one script a page the server rendered asks for before its first paint (decision 126). The page
// paints from its HTML and its stylesheet; the app's scripts only hydrate it. Asked for with the page,
// even at low priority, they shared a slow network with the stylesheet and the pictures and ran
// before the first paint, so the largest paint waited for them. This module asks for them once the
// page has painted, and keeps the presses made on the page's buttons until React has them. Being the
// page's first script, it also holds back who is signed in when the page's member is not the
// browser's (decision 127).
//
// A button of the server's page does nothing until React has hydrated it: a press in between (a
// visitor quick on Signup while the scripts load) would be lost. Such a press is kept, and made again
// on the same button once React has taken it over (decision 118). From the moment React has the page
// it answers presses itself (it hydrates first what is pressed). Links need no help: they work
// without JavaScript.

/** Whether React has hydrated the element (it keeps its props on the node). */
const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
/** Whether React has taken the page's root, to hydrate it or to draw it afresh. */
const takenByReact = (root: Element) => Object.keys(root).some((key) => key.startsWith('__reactContainer'));

/** How long a kept press waits for its button to be hydrated before it is dropped. */
const REPLAY_WAIT_MS = 30_000;
const POLL_MS = 50;

/** Presses each kept button again once it is hydrated; one the page no longer holds is dropped. */
function replayOnceHydrated(root: Element, kept: HTMLElement[]): void {
  const started = performance.now();
  const next = () => {
    if (takenByReact(root)) {
      while (kept[0] && (hydrated(kept[0]) || !kept[0].isConnected)) {
        const button = kept.shift() as HTMLElement;
        if (button.isConnected) button.click();
      }
    }
    if (kept.length > 0 && performance.now() - started < REPLAY_WAIT_MS) setTimeout(next, POLL_MS);
  };
  next();
}

function keepEarlyPresses(root: Element): void {
  const kept: HTMLElement[] = [];
  document.addEventListener(
    'click',
    (event) => {
      if (takenByReact(root)) return;
      const button = (event.target as Element | null)?.closest?.('button');
      if (!button || !root.contains(button)) return;
      event.preventDefault();
      if (kept.includes(button)) return;
      kept.push(button);
      if (kept.length === 1) replayOnceHydrated(root, kept);
    },
    true,
  );
}

/** Past this, the app is asked for whether or not the browser has said it painted. */
const PAINT_WAIT_MS = 3_000;

/**
 * Runs `then` once the browser says it has shown the page's first content: its paint entry comes
 * when the frame is on the screen, later than the frame's own callbacks. A tab nobody sees never
 * paints, so there it runs at once.
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) go();
      })
    : null;
  observer?.observe({ type: 'paint', buffered: true });
  if (document.visibilityState === 'hidden') go();
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && go());
  setTimeout(go, PAINT_WAIT_MS);
}

/**
 * Hides what the page says of who is signed in (the navigation's account, Home's call to action and
 * plans: src/app/root-layout.module.css), their room kept, when the server rendered the page
 * for someone other than the member this browser keeps under `pcc-user` (src/lib/stored-user.ts): a
 * member kept from before the session's cookie, one whose session has ended, a browser that dropped
 * its copy. The app shows them again once the session has asked the server (decision 127). Done
 * here, the page's one early script, so that wherever it runs before the first paint the page never
 * shows one member, or the visitor, and then another.
 */
function holdIdentityIfUnsure(): void {
  try {
    const page = JSON.parse(document.getElementById('rendered-page')?.textContent ?? 'null') as {
      member?: { _id: string } | null;
    } | null;
    const kept = JSON.parse(localStorage.getItem('pcc-user') ?? 'null') as { _id?: string } | null;
    if (page && (page.member?._id ?? null) !== (kept?._id ?? null)) {
      document.documentElement.dataset.identity = 'pending';
    }
  } catch {
    // Storage refused or a copy unreadable: the app checks the member as it starts, as before.
  }
}

holdIdentityIfUnsure();
const root = document.getElementById('root');
if (root) keepEarlyPresses(root);

const loader = document.querySelector<HTMLScriptElement>('script[data-entry]');
afterFirstPaint(() => {
  if (!loader?.dataset.entry) return;
  for (const href of loader.dataset.modules?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ loader.dataset.entry);
});
