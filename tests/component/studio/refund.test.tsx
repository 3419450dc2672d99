// The refund from a member's page (issue's point 4, decision 143): the confirmation states exactly
// what will happen in money, the amount shown is the amount sent, a changed charge is said again
// with its new amount, a refusal says why, and a double press sends one refund. The words expected
// are the spec's sentence written out by hand ("Refund $49 to Visa •••• 4242; the member loses the
// 30-Day Shred", with the studio's cents), never built by the studio's own helpers.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema.d.ts';
import { contractHttp } from '../../contract-http.ts';
import { server } from '../server.ts';
import { renderStudio, SHOWN } from './render-studio.tsx';
import { memberPage, studioCharge, studioMember } from './studio-fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Preview = components['schemas']['StudioRefundPreview'];
type Charge = components['schemas']['AdminCharge'];

const charge = studioCharge;
const MEMBER = studioMember({ charges: [charge('ch_shred', '30-Day Shred', 4900)] });

const preview = (over: Partial<Preview> = {}): Preview => ({
  chargeID: 'ch_shred',
  amount: 4900,
  currency: 'usd',
  card: { brand: 'Visa', last4: '4242' },
  productName: '30-Day Shred',
  loses: [{ kind: 'challenge', name: '30-Day Shred' }],
  alreadyRefunded: false,
  ...over,
});

/** The member's page with the refund's answers; the bodies of the refunds sent. */
type RefundBody =
  | components['schemas']['StudioRefundChanged']
  | { success: true; charge: Charge; pending: boolean };

const refunded = () =>
  HttpResponse.json<RefundBody>({
    success: true,
    charge: { ...charge('ch_shred', '30-Day Shred', 4900), refunded: true },
    pending: false,
  });

type RefundAnswer = ReturnType<typeof refunded>;

function page(previewOf: () => Preview, refund?: (amount: number) => RefundAnswer) {
  const sent: unknown[] = [];
  server.use(
    ...memberPage(MEMBER),
    contractHttp.get('/api/studio/charges/{chargeID}/refund', () =>
      HttpResponse.json({ success: true as const, refund: previewOf() }),
    ),
    contractHttp.post('/api/studio/charges/{chargeID}/refund', async ({ request }) => {
      const body = (await request.json()) as { amount: number; currency: string };
      sent.push(body);
      if (refund) return refund(body.amount);
      // Slow enough that a second press lands while the first is on its way.
      await delay(200);
      return refunded();
    }),
  );
  return sent;
}

async function openRefund() {
  await renderStudio('/studio/members/m1');
  fireEvent.click(await screen.findByRole('button', { name: /^Refund 30-Day Shred/ }, SHOWN));
  return screen.findByRole('dialog', { name: 'Refund' }, SHOWN);
}

describe('the refund’s confirmation', () => {
  it('says the whole refund in the spec’s words, sends that amount once however often it is pressed, and says it is done', async () => {
    const sent = page(() => preview());
    const dialog = await openRefund();
    expect((await within(dialog).findByTestId('refund-words', {}, SHOWN)).textContent).toBe(
      'Refund $49.00 to Visa •••• 4242; the member loses the 30-Day Shred',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Refund $49.00' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Refunding…', {}, SHOWN)).toBeTruthy();
    expect(
      await within(dialog).findByText(
        "$49.00 refunded. The member's purchases and email say the same.",
        {},
        SHOWN,
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ amount: 4900, currency: 'usd' }]);
  });

  it('says a part refund’s own amount, not the charge’s, and sends that amount', async () => {
    // $49.00 charged, $34.00 already given back: $15.00 is left, and the member keeps the program.
    const sent = page(() => preview({ amount: 1500, loses: [] }));
    const dialog = await openRefund();
    expect((await within(dialog).findByTestId('refund-words', {}, SHOWN)).textContent).toBe(
      'Refund $15.00 to Visa •••• 4242; the member keeps what they can open',
    );
    expect(within(dialog).queryByText(/\$49\.00/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $15.00' }));
    await within(dialog).findByText(/^\$15\.00 refunded\./, {}, SHOWN);
    expect(sent).toEqual([{ amount: 1500, currency: 'usd' }]);
  });

  it('says the new amount when the charge changed meanwhile, and sends the new one only when confirmed again', async () => {
    let changed = false;
    const sent = page(
      () => preview(changed ? { amount: 2000 } : {}),
      (amount) => {
        if (amount === 2000) return refunded();
        changed = true;
        return HttpResponse.json<RefundBody>(
          {
            success: false,
            message: 'The charge has changed since you looked: it would now refund $20.00.',
            refund: preview({ amount: 2000 }),
          },
          { status: 409 },
        );
      },
    );
    const dialog = await openRefund();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Refund $49.00' }, SHOWN));
    expect((await within(dialog).findByRole('alert', {}, SHOWN)).textContent).toContain(
      'It would now refund $20.00 (it was $49.00). Read the new words and confirm again.',
    );
    expect(within(dialog).getByTestId('refund-words').textContent).toBe(
      'Refund $20.00 to Visa •••• 4242; the member loses the 30-Day Shred',
    );
    expect(sent).toEqual([{ amount: 4900, currency: 'usd' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $20.00' }));
    await within(dialog).findByText(/^\$20\.00 refunded\./, {}, SHOWN);
    expect(sent).toEqual([
      { amount: 4900, currency: 'usd' },
      { amount: 2000, currency: 'usd' },
    ]);
  });

  it('says a charge already refunded is, and offers no refund', async () => {
    const sent = page(() => preview({ alreadyRefunded: true }));
    const dialog = await openRefund();
    expect(await within(dialog).findByText('This charge is already refunded.', {}, SHOWN)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Refund \$/ })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('says why the server refused, and refunds nothing more', async () => {
    const sent = page(
      () => preview(),
      () =>
        HttpResponse.json<RefundBody>(
          { success: false, message: 'Only an owner can refund a charge.' },
          { status: 403 },
        ),
    );
    const dialog = await openRefund();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Refund $49.00' }, SHOWN));
    const refused = await within(dialog).findByRole('alert', {}, SHOWN);
    expect(refused.textContent).toContain('Not refunded');
    expect(refused.textContent).toContain('Only an owner can refund a charge.');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /^Refund \$/ })).toBeNull());
    expect(sent).toHaveLength(1);
  });
});
