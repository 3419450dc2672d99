// The one script a page the server rendered asks for before its first paint (decision 126). The page
// paints from its HTML and its stylesheet; the app's scripts only hydrate it. Asked for with the page,
// even at low priority, they shared a slow network with the stylesheet and the pictures and ran
// before the first paint, so the largest paint waited for them. This module asks for them once the
// page has painted, and keeps the presses made on the page's buttons until React has them. On a
// visitor's page it starts the app only when the visitor reaches for the page (decision 129): the
// app's start and hydration held a phone's main thread for hundreds of milliseconds after the paint,
// for a page that reads, and whose links work, without them. Being the page's first script, it also
// holds back who is signed in when the page's member is not the browser's (decision 127).
//
// A button of the server's page does nothing until React has hydrated it: a press in between (a
// visitor quick on Signup while the scripts load) would be lost. Such a press is kept, and made again
// on the same button once React has taken it over (decision 118). From the moment React has the page
// it answers presses itself (it hydrates first what is pressed). Links need no help: they work
// without JavaScript.

// The names this module shares with the app are written out: an import would make the build put the
// shared module, with the shell around it, before the first paint. tests/unit/app/start.test.ts
// holds them to the app's.
/** The stored member's key (STORED_USER_KEY, src/lib/stored-user.ts). */
const STORED_USER_KEY = 'pcc-user';
/** The shell's settings block (SETTINGS_ELEMENT_ID, src/features/content/site-settings.ts). */
const SETTINGS_ELEMENT_ID = 'site-settings';
/** The rendered page's data block (RENDERED_PAGE_ELEMENT_ID, domain/rendered-page.ts). */
const RENDERED_PAGE_ELEMENT_ID = 'rendered-page';

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
    const kept = JSON.parse(localStorage.getItem(STORED_USER_KEY) ?? 'null') as { _id?: string } | null;
    if (renderedPage && (renderedPage.member?._id ?? null) !== (kept?._id ?? null)) {
      document.documentElement.dataset.identity = 'pending';
    }
  } catch {
    // Storage refused or a copy unreadable: the app checks the member as it starts, as before.
  }
}

/** The rendered page's data: whom the server drew the page for. */
function readRenderedPage(): { member?: { _id: string } | null } | null {
  try {
    return JSON.parse(document.getElementById(RENDERED_PAGE_ELEMENT_ID)?.textContent ?? 'null');
  } catch {
    return null;
  }
}

const renderedPage = readRenderedPage();
holdIdentityIfUnsure();

/**
 * Whether the app has work on this page before the visitor touches it (decision 129): a stored member,
 * whose page is not the visitor's the server drew; an address with a query, which the app acts on (an
 * emailed link opens the modal, a plan is chosen, a language asked for); or services that count the
 * visit (analytics, engagement), which start with the app. A visitor's page needs none of it: it
 * reads, and its links work, without the app.
 */
function neededAtOnce(): boolean {
  // A page drawn for a member, or whose member is held back (above), waits on the session's check.
  if (location.search !== '' || renderedPage?.member || document.documentElement.dataset.identity) {
    return true;
  }
  try {
    if (localStorage.getItem(STORED_USER_KEY) !== null) return true;
  } catch {
    // No storage (a privacy mode): no stored member.
  }
  try {
    const shell = JSON.parse(document.getElementById(SETTINGS_ELEMENT_ID)?.textContent ?? 'null') as {
      services?: { analytics?: unknown; engagement?: unknown };
    } | null;
    return Boolean(shell?.services?.analytics || shell?.services?.engagement);
  } catch {
    return true;
  }
}

/** What says the visitor is about to use the page: a pointer over or down on it, a touch, a key, a focus. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'click'] as const;

/** Resolves at the visitor's first sign of intent, from the moment this module runs. */
function firstIntent(): Promise<void> {
  return new Promise((resolve) => {
    const heard = () => {
      for (const type of INTENT) document.removeEventListener(type, heard, true);
      resolve();
    };
    for (const type of INTENT) document.addEventListener(type, heard, { capture: true, passive: true });
  });
}

const root = document.getElementById('root');
if (root) keepEarlyPresses(root);
const intent = firstIntent();

/** Runs `then` in a task of its own, once the browser is idle where it says so. */
function nextIdleTask(then: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(then, { timeout: 1_000 });
  else setTimeout(then, 0);
}

function modulePreload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

const loader = document.querySelector<HTMLScriptElement>('script[data-entry]');
afterFirstPaint(() => {
  const entry = loader?.dataset.entry;
  if (!entry) return;
  const modules = loader.dataset.modules?.split(' ').filter(Boolean) ?? [];
  const start = () => void import(/* @vite-ignore */ entry);
  // Each step is a task of its own: under a slow CPU, the first read of the storage (a round trip
  // to the browser) and a dozen preloads asked for at once each took some 30 ms.
  nextIdleTask(() => {
    if (neededAtOnce()) {
      for (const href of modules) modulePreload(href);
      start();
      return;
    }
    // The modules are fetched while the visitor reads, one preload a task, so the app starts
    // without a download when the visitor reaches for the page.
    const preloadNext = () => {
      const href = modules.shift();
      if (href === undefined) return;
      modulePreload(href);
      nextIdleTask(preloadNext);
    };
    preloadNext();
    void intent.then(start);
  });
});
