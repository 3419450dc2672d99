// The billing details form (decision 155): what it loads, what it sends, the rule broken named beside
// its field before anything is sent, and the server's refusal shown as it says it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member, renderApp, session } from '../render-app.tsx';
import { server } from '../server.ts';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

type Details = { company: string | null; address: string | null; taxId: string | null };

function saving(respond?: () => Response) {
  const sent: Details[] = [];
  const handler = contractHttp.put('/api/user/billing-details', async ({ request }) => {
    const body = (await request.json()) as Details;
    sent.push(body);
    return respond?.() ?? HttpResponse.json({ success: true as const, billingDetails: body });
  });
  return { handler, sent };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('Billing details', () => {
  it('shows the saved details and sends the changed ones, empty ones as null', async () => {
    const save = saving();
    server.use(
      contractHttp.get('/api/user/billing-details', () =>
        HttpResponse.json({
          success: true as const,
          billingDetails: { company: 'Acme', address: '1 High St\nLondon', taxId: null },
        }),
      ),
      save.handler,
    );
    await renderApp('/profile', { session: session(member()) });
    expect(((await screen.findByLabelText('Company name')) as HTMLInputElement).value).toBe('Acme');
    expect(field('Billing address').value).toBe('1 High St\nLondon');
    fireEvent.change(field('Tax ID (VAT number)'), { target: { value: 'GB 123' } });
    fireEvent.change(field('Company name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(
      await screen.findByText('Your billing details are saved. Your next invoices will show them.'),
    ).toBeTruthy();
    expect(save.sent).toEqual([{ company: null, address: '1 High St\nLondon', taxId: 'GB 123' }]);
  });

  it('names a broken rule beside its field and sends nothing', async () => {
    const save = saving();
    server.use(save.handler);
    await renderApp('/profile', { session: session(member()) });
    fireEvent.change(await screen.findByLabelText('Tax ID (VAT number)'), { target: { value: 'GB@1' } });
    fireEvent.change(field('Billing address'), { target: { value: '1\n2\n3\n4\n5\n6\n7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(
      await screen.findByText('The tax ID can have only letters, digits, spaces, dots, dashes and slashes'),
    ).toBeTruthy();
    expect(screen.getByText('The address can have at most 6 lines')).toBeTruthy();
    expect(field('Tax ID (VAT number)').getAttribute('aria-invalid')).toBe('true');
    expect(save.sent).toEqual([]);
  });

  it('shows the server’s refusal as it says it', async () => {
    const save = saving(() =>
      HttpResponse.json(
        { success: false as const, message: 'The tax ID can be at most 30 characters' },
        { status: 400 },
      ),
    );
    server.use(save.handler);
    await renderApp('/profile', { session: session(member()) });
    fireEvent.change(await screen.findByLabelText('Company name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(save.sent).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).toBe('The tax ID can be at most 30 characters');
  });
});
