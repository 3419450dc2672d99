// The studio rendered whole (its providers, router and texts) at an address, against msw handlers
// typed by the contract: a page's states are what the studio's own code shows for the server's
// answers.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { Locale } from '../../../domain/localized.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { createStudioI18n } from '../../../src/studio/i18n.ts';
import { createStudioRouter } from '../../../src/studio/router.tsx';
import { StudioApp } from '../../../src/studio/studio-app.tsx';
import { contractHttp } from '../../contract-http.ts';

type Staff = components['schemas']['StudioStaff'];

export const OWNER: Staff = {
  id: 'staff_owner',
  email: 'olga@example.com',
  name: 'Olga Owner',
  role: 'owner',
  trainerID: 'trainer_1',
  trainerName: 'Fit with Ana',
};
export const COACH: Staff = {
  ...OWNER,
  id: 'staff_coach',
  email: 'carl@example.com',
  name: 'Carl Coach',
  role: 'coach',
};

/** The signed-in staff member (null: nobody). */
export const signedIn = (staff: Staff | null) =>
  contractHttp.get('/api/studio/me', () =>
    staff
      ? HttpResponse.json({ success: true as const, staff })
      : HttpResponse.json({ success: false as const, message: 'Sign in to the studio.' }, { status: 401 }),
  );

/**
 * How long a test waits for the server's answer to show: the studio's first render in jsdom (the
 * whole frame, and the charts on the figures' page) takes over a second on a busy two-core machine,
 * beyond Testing Library's default second. What shows is asserted, never how fast.
 */
export const SHOWN = { timeout: 5000 };

export async function renderStudio(path: string, locale: Locale = 'en') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = await createStudioI18n(locale);
  const router = createStudioRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  const view = render(<StudioApp router={router} queryClient={queryClient} i18n={i18n} settings={null} />);
  return { ...view, router, queryClient };
}
