// The studio's entry (decision 147): a page of its own, which no public page loads. It brings the
// whole of Mantine's styles and the charts' (the public pages import theirs per component to keep
// their first load small; the studio is for staff on their own devices).
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import './studio.css';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStudioI18n } from './i18n.ts';
import { createStudioRouter } from './router.tsx';
import { StudioApp } from './studio-app.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('studio.html has no #root element');

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
const i18n = await createStudioI18n();
const router = createStudioRouter(queryClient);

createRoot(root).render(
  <StrictMode>
    <StudioApp router={router} queryClient={queryClient} i18n={i18n} />
  </StrictMode>,
);
