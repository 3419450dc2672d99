import './app/mantine-styles.ts';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readRenderedPage, seedRenderedQueries } from './app/rendered-page.ts';
import { createAppRouter } from './app/router.tsx';
import { preloadAuthModal } from './app/session.tsx';
import { whenIdle, whenLoadedAndIdle } from './app/when-idle.ts';
import { readInlinedSettings } from './features/content/site-settings.ts';
import { loadSignupModalTexts } from './features/signup-modal/signup-modal.texts.ts';
import { createServices } from './integrations/integrations.ts';
import { peekStoredUser } from './lib/stored-user.ts';
import { preloadPricing } from './screens/home/home-screen.tsx';
import { createI18n } from './text/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The start is cut into several tasks, each short enough that a phone answers a tap between them:
// run as one, it held the main thread for a few hundred milliseconds there.
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await yieldToBrowser();
const queryClient = new QueryClient();
// A public page the server rendered brings its data: the route's loaders find it in the cache.
const rendered = readRenderedPage();
if (rendered) seedRenderedQueries(queryClient, rendered);
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
    <App router={router} queryClient={queryClient} i18n={i18n} services={services} />
  </StrictMode>
);
// The server rendered the page for a visitor in its language: hydrated, it stays as it is. A stored
// member (whose page differs: their plan, no Signup) or another language chosen in this browser
// renders afresh, the server's page showing until then (decision 118).
if (rendered && rendered.locale === i18n.language && peekStoredUser() === null) {
  // The router renders its matches as its own server render did, without a Suspense boundary of its
  // own around them.
  router.ssr = { manifest: undefined };
  // Home's prices are a lazy part, loaded before hydrating so they hydrate with the rest.
  if (rendered.route === 'Home') {
    await Promise.all([preloadPricing(), loadSignupModalTexts(i18n, i18n.language)]).catch(() => {});
  }
  hydrateRoot(root, app, {
    // A mismatch React recovered from (by rendering afresh) is a defect the browser tests catch.
    onRecoverableError: (error) => console.error('Hydration: recovered from an error', error),
  });
} else {
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
