import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { chooseLocale } from '../../../src/text/i18n.ts';
import { contractHttp } from '../../contract-http.ts';
import { member } from '../render-app.tsx';
import { server } from '../server.ts';
import { fill, logIn, loginAnswers, openFromNavBar, serveTheModalsApi, signUp } from './signup-modal.dom.tsx';
import { apiHandlers, renderWithFlows } from './signup-modal.fixtures.tsx';

serveTheModalsApi();

describe('signup modal, step 1', { timeout: 20_000 }, () => {
  it('validates on submit: Value is required, Value is not a valid email address and signup.pleaseEnterEmailAndPassword, and sends nothing', async () => {
    const registered: unknown[] = [];
    server.use(
      ...apiHandlers(null),
      contractHttp.post('/api/user/register', async ({ request }) => {
        registered.push(await request.json());
        return HttpResponse.json({ success: false as const, message: 'unexpected' }, { status: 400 });
      }),
    );
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Signup');
    expect(within(dialog).getByPlaceholderText('Full Name')).toBeTruthy();
    expect(screen.queryByText('Value is required')).toBeNull();
    fill(dialog, 'Enter email', 'not-an-email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(await within(dialog).findByText('Value is not a valid email address')).toBeTruthy();
    expect(within(dialog).getAllByText('Value is required')).toHaveLength(2);
    for (const placeholder of ['Full Name', 'Password']) {
      expect(within(dialog).getByPlaceholderText(placeholder).getAttribute('aria-invalid')).toBe('true');
    }
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter your Email and Password.');
    expect(registered).toEqual([]);
  });

  it("shows the server's message as sent when signup fails", async () => {
    server.use(
      ...apiHandlers(null),
      contractHttp.post('/api/user/register', () =>
        HttpResponse.json(
          { success: false as const, message: 'This email is already registered' },
          { status: 409 },
        ),
      ),
    );
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Signup');
    signUp(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This email is already registered');
  });

  it('after signup with email verification on, shows check-your-inbox; resend asks the API again', async () => {
    let resent = 0;
    server.use(
      ...apiHandlers(null),
      contractHttp.post('/api/user/register', () =>
        HttpResponse.json({ success: true as const, user: member(), token: 'tok' }),
      ),
      contractHttp.post('/api/user/resend-verification', async () => {
        resent += 1;
        await answered;
        return HttpResponse.json({ success: true as const, message: 'Verification email sent' });
      }),
    );
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await renderWithFlows('/', { settings: { enableEmailVerification: true } });
    const dialog = await openFromNavBar('Signup');
    signUp(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: "I've already checked the email" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(resent).toBe(1));
    // While the email is being sent again, the button pressed shows the wait, not the other one.
    const resend = within(dialog).getByRole('button', { name: 'Resend email' });
    const check = within(dialog).getByRole('button', { name: "I've already checked the email" });
    expect(resend.hasAttribute('data-loading')).toBe(true);
    expect(check.hasAttribute('data-loading')).toBe(false);
    answer();
    await waitFor(() => expect(resend.hasAttribute('data-loading')).toBe(false));
  });

  it('with email verification off, a new member whose email is unverified goes on to checkout', async () => {
    const started: unknown[] = [];
    server.use(
      ...apiHandlers({ ...member(), email_verified: false }),
      contractHttp.post('/api/user/register', () =>
        HttpResponse.json({
          success: true as const,
          user: { ...member(), email_verified: false },
          token: 'tok',
        }),
      ),
      contractHttp.post('/api/user/startGatewayStripeSession', async ({ request }) => {
        started.push(await request.json());
        // A same-document address, so jsdom can follow the redirect.
        return HttpResponse.json({ success: true as const, url: '#sandbox-checkout' }, { status: 201 });
      }),
    );
    await renderWithFlows('/', { settings: { enableEmailVerification: false } });
    const dialog = await openFromNavBar('Signup');
    signUp(dialog);
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({ prices: ['price_monthly'] });
    expect(within(dialog).queryByText('Please verify your email before proceeding to checkout')).toBeNull();
  });

  it('login with verification on and an unverified email shows signup.verifyEmail.error', async () => {
    server.use(...apiHandlers({ ...member(), email_verified: false }), loginAnswers);
    await renderWithFlows('/', { settings: { enableEmailVerification: true } });
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please verify your email before proceeding to checkout',
    );
  });

  it('reset password needs an email but no format, and sends the reset request', async () => {
    const asked: unknown[] = [];
    server.use(
      ...apiHandlers(null),
      contractHttp.post('/api/user/forgot-password', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ success: true as const, message: 'Reset email sent' });
      }),
    );
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot your password?' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Value is required')).toBeTruthy();
    fill(dialog, 'Enter email', 'ana');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(
      await within(dialog).findByText('Check your email for a link to reset your password.'),
    ).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ email: 'ana' })]);
  });

  it("names the dialog by its step ('Step 1 of 3'), not by the progress value", async () => {
    server.use(...apiHandlers(null));
    await renderWithFlows('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Signup' }));
    expect(await screen.findByRole('dialog', { name: 'Step 1 of 3' })).toBeTruthy();
  });

  it('the back arrow on step 1 closes the modal', async () => {
    server.use(...apiHandlers(null));
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Signup');
    expect(within(dialog).getByText('Step 1 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe("the modal's texts", () => {
  /** No text of the dialog is a bare key of the modal's catalogue. */
  function expectNoKeys(dialog: HTMLElement) {
    expect(dialog.textContent).not.toMatch(/\b(signup|plans|checkout|upgrade)\.[a-zA-Z]/);
    for (const input of within(dialog).getAllByRole('textbox'))
      expect(input.getAttribute('placeholder')).not.toMatch(/^(signup|plans)\./);
  }

  it("open in the visitor's language, and follow a language switch while the modal is open", async () => {
    server.use(...apiHandlers(null));
    const { i18n } = await renderWithFlows('/', { locale: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Registrarse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paso 1 de 3' });
    expect(within(dialog).getByRole('heading', { name: 'Crea tu cuenta' })).toBeTruthy();
    // Only the visitor's language of the modal's texts came with it.
    expect(i18n.getResource('en', 'translation', 'signup.signupHeading')).toBeUndefined();
    fill(dialog, 'Nombre Completo', 'Ana');

    await act(() => chooseLocale(i18n, 'en'));
    // Until the English texts arrive the modal stays whole in Spanish, never showing keys.
    expectNoKeys(screen.getByRole('dialog'));
    const english = await screen.findByRole('dialog', { name: 'Step 1 of 3' });
    expect(within(english).getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(within(english).getByRole('button', { name: 'Sign up' })).toBeTruthy();
    // The same form, what the member typed kept.
    expect((within(english).getByPlaceholderText('Full Name') as HTMLInputElement).value).toBe('Ana');

    await act(() => chooseLocale(i18n, 'es'));
    expect(await screen.findByRole('dialog', { name: 'Paso 1 de 3' })).toBeTruthy();
    expectNoKeys(screen.getByRole('dialog'));
  });
});
