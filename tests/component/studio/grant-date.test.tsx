// The grant's last day speaks the page's language (decision 175): a Spanish page asks for
// "dd/mm/aaaa" and reads "31/12/2030" as the 31st of December, an English one asks for "mm/dd/yyyy";
// the day sent is the contract's YYYY-MM-DD either way, and a text that names no day is said and
// never sent. The expected days are written out by hand from the typed text.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../domain/localized.ts';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';
import { renderStudio, SHOWN } from './render-studio.tsx';
import { memberPage as memberPageAnswers, studioMember } from './studio-fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MEMBER = studioMember();

/** The member's page; the bodies of the grants sent. */
async function memberPage(locale: Locale) {
  const sent: unknown[] = [];
  server.use(
    ...memberPageAnswers(MEMBER),
    contractHttp.post('/api/studio/members/{memberID}/grants', async ({ request }) => {
      const body = (await request.json()) as { target: string; until?: string };
      sent.push(body);
      return HttpResponse.json(
        {
          success: true as const,
          grant: {
            id: 'g1',
            target: body.target,
            product: null,
            startsAt: '2026-11-28T00:00:00.000Z',
            until: body.until ? `${body.until}T23:59:59.999Z` : null,
            revokedAt: null,
          } as components['schemas']['AdminGrant'],
        },
        { status: 201 },
      );
    }),
  );
  await renderStudio('/studio/members/m1', locale);
  return sent;
}

const lastDay = { es: 'Último día (opcional)', en: 'Last day (optional)' };
const grantButton = { es: 'Conceder acceso', en: 'Grant access' };

async function type(locale: Locale, text: string) {
  const input = (await screen.findByLabelText(lastDay[locale as 'es' | 'en'], {}, SHOWN)) as HTMLInputElement;
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input;
}

const form = (locale: 'es' | 'en') => screen.getByRole('form', { name: grantButton[locale] });

describe("the grant's last day", () => {
  it('asks a Spanish page for dd/mm/aaaa and sends 31/12/2030 as 2030-12-31', async () => {
    const sent = await memberPage('es');
    const input = await type('es', '31/12/2030');
    expect(input.placeholder).toBe('dd/mm/aaaa');
    // A text input of its own: never the browser's date control, which speaks the browser's language.
    expect(input.type).not.toBe('date');
    expect(input.value).toBe('31/12/2030');
    fireEvent.click(within(form('es')).getByRole('button', { name: grantButton.es }));
    await waitFor(() => expect(sent).toEqual([{ target: 'membership', until: '2030-12-31' }]), SHOWN);
  });

  it('shows the calendar in Spanish', async () => {
    await memberPage('es');
    const input = await type('es', '15/03/2031');
    fireEvent.click(input);
    expect(await screen.findByText('marzo 2031', {}, SHOWN)).toBeTruthy();
    expect(screen.getByLabelText('Mes siguiente')).toBeTruthy();
  });

  it('reads an English page month first: 12/31/2030 is the 31st of December', async () => {
    const sent = await memberPage('en');
    const input = await type('en', '12/31/2030');
    expect(input.placeholder).toBe('mm/dd/yyyy');
    fireEvent.click(within(form('en')).getByRole('button', { name: grantButton.en }));
    await waitFor(() => expect(sent).toEqual([{ target: 'membership', until: '2030-12-31' }]), SHOWN);
  });

  it('says a text that names no day in the format asked, and sends nothing', async () => {
    const sent = await memberPage('es');
    // The 31st of February is no day; "2030-12-31" is not the format the page asked for.
    for (const text of ['31/02/2030', '2030-12-31']) {
      await type('es', text);
      expect(
        await screen.findByText(
          'No es un día: escríbelo como dd/mm/aaaa, o elígelo en el calendario',
          {},
          SHOWN,
        ),
      ).toBeTruthy();
      const grant = within(form('es')).getByRole('button', { name: grantButton.es }) as HTMLButtonElement;
      expect(grant.disabled).toBe(true);
      fireEvent.submit(form('es'));
    }
    expect(sent).toEqual([]);
  });

  it('grants with no end when the day is left empty', async () => {
    const sent = await memberPage('es');
    await screen.findByLabelText(lastDay.es, {}, SHOWN);
    fireEvent.click(within(form('es')).getByRole('button', { name: grantButton.es }));
    await waitFor(() => expect(sent).toEqual([{ target: 'membership' }]), SHOWN);
  });
});
