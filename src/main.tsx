import './app/mantine-styles.ts';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createI18n } from './app/i18n.ts';
import { createAppRouter } from './app/router.tsx';
import { peekStoredUser } from './app/stored-user.ts';
import { readInlinedSettings } from './features/content/site-settings.ts';
import { createServices } from './services/services.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = new QueryClient();
const router = createAppRouter({ queryClient });
const i18n = await createI18n();
const services = createServices(readInlinedSettings()?.services, {
  styleNonce: document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce,
});

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} i18n={i18n} services={services} />
  </StrictMode>,
);
// Reports carry the member's id, never more, read from the stored member when a report is made: the
// session keeps it there from sign-in to sign-out, and it is there before the session's code loads
// (a screen can fail before the session has checked the member).
services.errors.identifyWith(() => peekStoredUser()?._id ?? null);
// Error reporting starts once the page is up, so its code is never part of the first load.
(globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(() => services.errors.start());
