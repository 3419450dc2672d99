import './app/mantine-styles.ts';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import { loadHydration } from './app/server-rendered.ts';
import { preloadAuthModal } from './app/session.tsx';
import { whenIdle, whenLoadedAndIdle } from './app/when-idle.ts';
import { readInlinedSettings } from './features/content/site-settings.ts';
import { createServices } from './integrations/integrations.ts';
import { peekStoredUser } from './lib/stored-user.ts';
import { createI18n } from './text/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The start is cut into several tasks, each short enough that a phone answers a tap between them:
// run as one, it held the main thread for a few hundred milliseconds there.
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await yieldToBrowser();
// A public page the server rendered brings its data, and the module that hydrates it (decision 118).
const renderedPage = document.getElementById('rendered-page')?.textContent;
const queryClient = new QueryClient();
// The route's loaders find the rendered page's data in the cache.
const rendered = renderedPage ? (await loadHydration()).prepare(queryClient, renderedPage) : null;
const router = createAppRouter({ queryClient });
await yieldToBrowser();
const i18n = await createI18n();
await yieldToBrowser();
// The route is resolved before the first render, so the page renders once, resolved; left to the
// router's first effect, the load would render the whole page a second time, synchronously.
await router.load();
await yieldToBrowser();
const services = createServices(readInlinedSettings()?.services, {
  styleNonce: document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce,
});

// A content page's screen can render after the load event (its text comes from the API): the modal's
// code waits for it as well as for the load, rather than compete with the page's largest paint.
const firstScreen = new Promise<void>((resolve) => {
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe();
    resolve();
  });
});

const app = (
  <StrictMode>
    <App
      router={router}
      queryClient={queryClient}
      i18n={i18n}
      services={services}
      // Whom the server rendered the page for, so the first render draws the same (decision 127).
      member={rendered?.member}
    />
  </StrictMode>
);
if (!(rendered && (await rendered.hydrate(root, app, router, i18n)))) {
  // The first render is a transition, which React renders in slices of a few milliseconds: on a slow
  // phone one long task would otherwise hold the page, and every tap, for the whole render.
  startTransition(() => createRoot(root).render(app));
}
// Reports carry the member's id, never more, read from the stored member when a report is made: the
// session keeps it there from sign-in to sign-out, and it is there before the session's code loads
// (a screen can fail before the session has checked the member).
services.errors.identifyWith(() => peekStoredUser()?._id ?? null);
// Error reporting starts once the page is up, so its code is never part of the first load.
whenIdle(() => services.errors.start());
// The modal's code comes once the page is up, so a tap on Signup finds it here.
whenLoadedAndIdle(firstScreen, preloadAuthModal);
