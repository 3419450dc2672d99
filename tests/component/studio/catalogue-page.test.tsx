// The catalogue page against the server's answers (msw, typed by the contract): a sold plan's new
// amount is said before saving in the spec's terms (members keep the price they bought; the new one
// replaces it on the site) and saved only when confirmed, with the amount typed in cents; a form
// missing its name says why and asks nothing; an archived plan is listed as such, not editable, and
// not among the cards a visitor sees. Figures written out by hand.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';
import { OWNER, renderStudio, SHOWN, signedIn } from './render-studio.tsx';
import { MEMBERSHIP, studioPlan } from './studio-fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type AdminPlan = components['schemas']['AdminPlan'];
type AdminProduct = components['schemas']['AdminProduct'];

const plan = studioPlan;

/** The catalogue's answers; every plan change asked (with or without the dry run). */
function catalogue(plans: AdminPlan[], products: AdminProduct[] = []) {
  const asked: { dryRun: boolean; id: string; body: unknown }[] = [];
  server.use(
    signedIn(OWNER),
    contractHttp.get('/api/studio/plans', () => HttpResponse.json({ success: true as const, plans })),
    contractHttp.get('/api/studio/products', () =>
      HttpResponse.json({ success: true as const, products: [MEMBERSHIP, ...products] }),
    ),
    contractHttp.get('/api/studio/coupons', () => HttpResponse.json({ success: true as const, coupons: [] })),
    contractHttp.patch('/api/studio/plans/{planID}', async ({ params, request }) => {
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      const body = await request.json();
      asked.push({ dryRun, id: params.planID, body });
      const found = plans.find((p) => p.id === params.planID) as AdminPlan;
      if (dryRun)
        return HttpResponse.json({
          success: true as const,
          preview: { replaces: found.sold, changes: ['amount'], summary: 'The amount changes' },
        });
      return HttpResponse.json({ success: true as const, plan: { ...found, ...(body as object) } });
    }),
  );
  return asked;
}

const planRow = (id: string) => screen.findByTestId(`studio-plan-${id}`, {}, SHOWN);

describe('the catalogue page', () => {
  it('says before saving that members keep the sold $29.99 and new members pay $34.99, and saves 3499 cents once confirmed', async () => {
    const asked = catalogue([plan('price_monthly', 'Monthly', 2999, { sold: true })]);
    await renderStudio('/studio/catalogue');
    fireEvent.click(within(await planRow('price_monthly')).getByRole('button', { name: 'Edit Monthly' }));
    const dialog = await screen.findByRole('dialog', {}, SHOWN);
    const price = within(dialog).getByRole('textbox', { name: /Price \(USD\)/ });
    fireEvent.change(price, { target: { value: '34.99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('replacement-words', {}, SHOWN)).textContent).toBe(
      'Members who hold $29.99 keep it; new members pay $34.99',
    );
    // Asked, nothing saved yet.
    expect(asked).toEqual([{ dryRun: true, id: 'price_monthly', body: { amount: 3499 } }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the new price' }));
    await waitFor(() => expect(asked).toHaveLength(2), SHOWN);
    expect(asked[1]).toEqual({ dryRun: false, id: 'price_monthly', body: { amount: 3499 } });
  });

  it('says a plan needs its English name and asks the server nothing', async () => {
    const asked = catalogue([plan('price_monthly', 'Monthly', 2999)]);
    await renderStudio('/studio/catalogue');
    fireEvent.click(within(await planRow('price_monthly')).getByRole('button', { name: 'Edit Monthly' }));
    const dialog = await screen.findByRole('dialog', {}, SHOWN);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name \(English\)/ }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert', {}, SHOWN)).textContent).toBe(
      'A plan needs an English name and a price.',
    );
    expect(asked).toEqual([]);
  });

  it('lists an archived plan as archived, offers no edit of it, and leaves it out of the visitor’s cards', async () => {
    catalogue([
      plan('price_monthly', 'Monthly', 2999),
      plan('price_yearly', 'Yearly', 29_900, { interval: 'year', archived: true, sold: true }),
    ]);
    await renderStudio('/studio/catalogue');
    const yearly = await planRow('price_yearly');
    expect(within(yearly).getByText('Archived')).toBeTruthy();
    expect(within(yearly).queryByRole('button', { name: 'Edit Yearly' })).toBeNull();
    expect(within(await planRow('price_monthly')).getByText('Offered')).toBeTruthy();
    const cards = await screen.findByTestId('plan-preview', {}, SHOWN);
    expect(within(cards).queryByText(/\$299\.00|\$299/)).toBeNull();
    expect(within(cards).getAllByText(/\$29\.99/).length).toBeGreaterThan(0);
  });

  it('names the amount on each price of a course sold at two, and titles its dialog as a price, not a plan', async () => {
    const price = (id: string, amount: number) =>
      plan(id, '', amount, {
        productId: 'prod_course',
        productName: 'Strength Foundations',
        type: 'one_time',
      });
    catalogue(
      [],
      [
        {
          ...MEMBERSHIP,
          id: 'prod_course',
          kind: 'course',
          slug: 'strength-foundations',
          names: { en: 'Strength Foundations' },
          prices: [price('price_course', 9900), price('price_course_coached', 14_900)],
        },
      ],
    );
    await renderStudio('/studio/catalogue');
    // The visible words begin the accessible name, as a voice user says what they see.
    await screen.findByRole('button', { name: 'Edit $149.00, the price of Strength Foundations' }, SHOWN);
    const edits = screen.getAllByRole('button', { name: /^Edit .*, the price of Strength Foundations$/ });
    expect(edits.map((button) => button.textContent)).toEqual(['Edit $99.00', 'Edit $149.00']);
    fireEvent.click(edits[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Edit the price' }, SHOWN);
    expect((within(dialog).getByRole('textbox', { name: /Price/ }) as HTMLInputElement).value).toBe('99.00');
  });
});
