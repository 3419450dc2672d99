import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseLocale } from '../../../src/text/i18n.ts';
import { contractHttp } from '../../contract-http.ts';
import { member } from '../render-app.tsx';
import { server } from '../server.ts';
import {
  apiHandlers,
  PRODUCTS_WITH_TRIAL,
  renderWithFlows,
  shredBuyer,
  subscriberOf,
} from './signup-modal.fixtures.tsx';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

// The first opening loads the modal's code, the flows and XState: on a busy machine that takes longer
// than Testing Library's one-second default.
const modal = () => screen.findByRole('dialog', {}, { timeout: 8_000 });

async function openFromNavBar(name: 'Signup' | 'Login') {
  fireEvent.click(await screen.findByRole('button', { name }));
  return modal();
}

function fill(dialog: HTMLElement, placeholder: string, value: string) {
  fireEvent.change(within(dialog).getByPlaceholderText(placeholder), { target: { value } });
}

/** Signs in through the login form with a member the API knows. */
async function logIn(dialog: HTMLElement) {
  fill(dialog, 'Enter email', 'ana@example.com');
  fill(dialog, 'Password', 'secret');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
}

const loginAnswers = contractHttp.post('/api/user/login', () =>
  HttpResponse.json({ success: true as const, userToken: 'tok' }),
);

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
    fill(dialog, 'Full Name', 'Ana');
    fill(dialog, 'Enter email', 'ana@example.com');
    fill(dialog, 'Password', 'secret');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
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
    fill(dialog, 'Full Name', 'Ana');
    fill(dialog, 'Enter email', 'ana@example.com');
    fill(dialog, 'Password', 'secret');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
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
    fill(dialog, 'Full Name', 'Ana');
    fill(dialog, 'Enter email', 'ana@example.com');
    fill(dialog, 'Password', 'secret');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
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

describe('signup modal, plans', () => {
  it("step 3 shows the 1, 3 and 12 month options, the annual saving, and 'Please select a subscription' without a plan", async () => {
    server.use(...apiHandlers(member()), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Secure checkout' })).toBeTruthy();
    const annual = within(dialog).getByRole('radio', { name: /Annual/ });
    expect(annual.textContent).toContain('12 months');
    expect(annual.textContent).toContain('Save 31%');
    expect(within(dialog).getByRole('radio', { name: /Quarterly/ }).textContent).toContain('3 months');
    expect(within(dialog).getByRole('radio', { name: /Monthly/ }).textContent).toContain('1 month');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please select a subscription');
  });

  it('the plan cards are a radio group named by the step: one Tab stop, the arrow keys move and choose, wrapping', async () => {
    server.use(...apiHandlers(member()), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    const group = await within(dialog).findByRole('radiogroup', { name: 'Choose your plan' });
    const [annual, quarterly, monthly] = within(group).getAllByRole('radio');
    if (!annual || !quarterly || !monthly) throw new Error('three plans on sale');
    const tabStops = () =>
      within(group)
        .getAllByRole('radio')
        .filter((card) => card.tabIndex === 0);
    // Nothing chosen yet: the first card is the group's one Tab stop.
    expect(tabStops()).toEqual([annual]);
    expect(annual.getAttribute('aria-checked')).toBe('false');
    annual.focus();
    fireEvent.keyDown(annual, { key: 'ArrowDown' });
    await waitFor(() => expect(quarterly.getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(quarterly);
    expect(tabStops()).toEqual([quarterly]);
    fireEvent.keyDown(quarterly, { key: 'ArrowUp' });
    fireEvent.keyDown(annual, { key: 'ArrowLeft' });
    await waitFor(() => expect(monthly.getAttribute('aria-checked')).toBe('true'));
    expect(document.activeElement).toBe(monthly);
    expect(annual.getAttribute('aria-checked')).toBe('false');
    expect(quarterly.getAttribute('aria-checked')).toBe('false');
    // The chosen card says so in words with a check mark, not by its border's colour alone (WCAG 1.4.1).
    const marked = within(group).getAllByTestId('plan-selected');
    expect(marked).toHaveLength(1);
    expect(monthly.contains(marked[0] ?? null)).toBe(true);
    expect(marked[0]?.textContent).toBe('Selected');
    expect(marked[0]?.querySelector('svg')).toBeTruthy();
  });

  it("grays a challenge already bought with 'You have already purchased this product', then Next Step leads to step 3", async () => {
    server.use(...apiHandlers(shredBuyer()), loginAnswers);
    await renderWithFlows('/challenge/shred');
    fireEvent.click(await screen.findByRole('button', { name: 'Join the challenge' }));
    const dialog = await modal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Already have an account? Login' }));
    await logIn(dialog);
    expect(await within(dialog).findByText('Step 2 of 3')).toBeTruthy();
    const card = within(dialog).getByRole('radio', { name: /Shred Challenge/ });
    expect(card.textContent).toContain('You have already purchased this product');
    expect((card as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next Step' }));
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    // Step 3 of a challenge speaks with the challenge's own texts.
    expect(within(dialog).getByText('Stay strong after the Shred')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Join with a plan' })).toBeTruthy();
  });

  it('offers a monthly subscriber the upgrade to the annual plan, or to decline and go on', async () => {
    server.use(...apiHandlers(subscriberOf('price_monthly')), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'You already have a plan' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'I want to upgrade' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No thanks, continue' }));
    expect(await within(dialog).findByText(/Manage your subscription in your profile/)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: /Annual/ }).textContent).not.toContain('Subscribed');
  });

  it("step 3's 'Manage your subscription' closes the modal on the profile's subscription page", async () => {
    server.use(...apiHandlers(subscriberOf('price_monthly')), loginAnswers);
    const { router } = await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'No thanks, continue' }));
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Manage your subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/subscription'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("an annual subscriber only continues, and the annual card shows the 'Subscribed' flag", async () => {
    server.use(...apiHandlers(subscriberOf('price_annual')), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'You already have a plan' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'I want to upgrade' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((await within(dialog).findByRole('radio', { name: /Annual/ })).textContent).toContain(
      'Subscribed',
    );
  });

  it('says that checking out the plan held keeps it, when a change or the end is scheduled', async () => {
    const subscriber = subscriberOf('price_annual');
    const [held] = subscriber.customer.subscriptions.data;
    if (!held) throw new Error('no subscription');
    held.scheduled_plan = { ...held.plan, id: 'price_monthly', nickname: 'Monthly' };
    server.use(...apiHandlers(subscriber), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Continue' }));
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Annual/ }));
    expect(await within(dialog).findByRole('button', { name: 'Keep my plan' })).toBeTruthy();
    expect(within(dialog).getByText(/what you scheduled \(a change or the end\) is undone/)).toBeTruthy();
    // Another plan is a change, checked out as one.
    fireEvent.click(within(dialog).getByRole('radio', { name: /Monthly/ }));
    expect(await within(dialog).findByRole('button', { name: 'Checkout' })).toBeTruthy();
    expect(within(dialog).queryByText(/is undone/)).toBeNull();
  });
});

describe('signup modal, free trials', () => {
  it('promises the free trial to a visitor who signs up', async () => {
    server.use(
      ...apiHandlers(member(), PRODUCTS_WITH_TRIAL),
      contractHttp.post('/api/user/register', () =>
        HttpResponse.json({ success: true as const, user: member(), token: 'tok' }),
      ),
    );
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Signup');
    fill(dialog, 'Full Name', 'Ana');
    fill(dialog, 'Enter email', 'ana@example.com');
    fill(dialog, 'Password', 'secret');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: /Monthly/ }).textContent).toContain('7-day free trial');
  });

  it('does not promise a free trial to a member who has had one, who is charged at once', async () => {
    const hadTrial = member();
    hadTrial.customer.had_trial = true;
    server.use(...apiHandlers(hadTrial, PRODUCTS_WITH_TRIAL), loginAnswers);
    await renderWithFlows('/');
    const dialog = await openFromNavBar('Login');
    await logIn(dialog);
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    const monthly = within(dialog).getByRole('radio', { name: /Monthly/ });
    expect(monthly.textContent).toContain('$29.99');
    expect(monthly.textContent).not.toContain('free trial');
  });
});

describe('query parameters', () => {
  it('token plus openModal=true opens the signup modal, then both leave the address', async () => {
    server.use(...apiHandlers(null));
    const { router } = await renderWithFlows('/?token=abc&openModal=true&coupon=SPRING');
    const dialog = await modal();
    expect(within(dialog).getByPlaceholderText('Full Name')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ coupon: 'SPRING' }));
  });
});

describe('the emailed verification link', () => {
  for (const [locale, words] of [
    ['en', 'Verifying your email…'],
    ['es', 'Verificando tu correo…'],
  ] as const) {
    it(`says what it is doing while it verifies, not a bare spinner (${locale})`, async () => {
      const unverified = { ...member(), email_verified: false };
      server.use(
        ...apiHandlers(unverified),
        // The update never answers: the modal stays on the verifying moment.
        contractHttp.put('/api/user/{userID}', async () => {
          await delay('infinite');
          return HttpResponse.json({ success: true as const, user: unverified });
        }),
      );
      await renderWithFlows('/?openModal=true&token=abc', {
        settings: { enableEmailVerification: true },
        locale,
      });
      const dialog = await modal();
      const status = await within(dialog).findByRole('status', { name: words });
      // The words are on the screen, beside the spinner, not only in its label.
      expect(status.textContent).toBe(words);
    });
  }
});

describe('a signed-in member opening the modal', () => {
  async function openAsMember(path = '/') {
    const signedIn = member();
    localStorage.setItem('pcc-user', JSON.stringify(signedIn));
    server.use(...apiHandlers(signedIn));
    const { router } = await renderWithFlows(path);
    return { signedIn, router };
  }

  it('starts at the plans; the back arrow leads to step 1, the account view naming the member, whose Continue goes back to step 3', async () => {
    const { signedIn } = await openAsMember();
    // The promo banner's button, which every page shows.
    fireEvent.click(await screen.findByRole('button', { name: 'Go' }));
    const dialog = await modal();
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    expect(within(dialog).queryByPlaceholderText('Full Name')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(within(dialog).getByText('Step 1 of 3')).toBeTruthy();
    expect(within(dialog).getByText(signedIn.profile.name)).toBeTruthy();
    expect(within(dialog).getByText(signedIn.email)).toBeTruthy();
    // An account view, not a signup form for someone already signed in.
    expect(within(dialog).queryByPlaceholderText('Full Name')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await within(dialog).findByRole('heading', { name: 'Your account' });
    // Step 1's back arrow closes the modal.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a challenge: back from step 3 to step 2, from step 2 to the account view, whose Continue goes to step 2', async () => {
    await openAsMember('/challenge/shred');
    fireEvent.click(await screen.findByRole('button', { name: 'Join the challenge' }));
    const dialog = await modal();
    expect(await within(dialog).findByText('Step 2 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next Step' }));
    expect(await within(dialog).findByText('Step 3 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByText('Step 2 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(within(dialog).getByText('Step 1 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Step 2 of 3')).toBeTruthy();
  });

  it("'Not you? Log out' signs the member out where they are: the signup form on step 1, pcc-user gone, the page kept", async () => {
    const { router } = await openAsMember('/challenge/shred');
    const loggedOut: string[] = [];
    server.use(
      contractHttp.post('/api/user/logout', ({ request }) => {
        loggedOut.push(request.headers.get('token') ?? '');
        return HttpResponse.json({ success: true as const, message: 'Signed out' });
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join the challenge' }));
    const dialog = await modal();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Back' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Not you? Log out' }));
    expect(await within(dialog).findByPlaceholderText('Full Name')).toBeTruthy();
    expect(within(dialog).getByText('Step 1 of 3')).toBeTruthy();
    expect(loggedOut).toEqual([member().token]);
    expect(localStorage.getItem('pcc-user')).toBeNull();
    // Not taken Home: the modal stays open on the challenge's page, and its back arrow still closes it.
    expect(router.state.location.pathname).toBe('/challenge/shred');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/challenge/shred');
  });
});

describe('errors and choices by step', () => {
  it("leaves step 3's 'Please select a subscription' behind when going back to step 2", async () => {
    server.use(...apiHandlers(member()), loginAnswers);
    await renderWithFlows('/challenge/shred');
    fireEvent.click(await screen.findByRole('button', { name: 'Join the challenge' }));
    const dialog = await modal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Already have an account? Login' }));
    await logIn(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Next Step' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Join with a plan' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please select a subscription');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByText('Step 2 of 3')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("shows a course's first one-time plan selected on step 2, and lets the member choose the other", async () => {
    server.use(...apiHandlers(member()), loginAnswers);
    await renderWithFlows('/course/strength');
    fireEvent.click(await screen.findByRole('button', { name: 'Start the course' }));
    const dialog = await modal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Already have an account? Login' }));
    await logIn(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'Choose your course plan' })).toBeTruthy();
    const full = await within(dialog).findByRole('radio', { name: /Full course/ });
    expect(full.getAttribute('aria-checked')).toBe('true');
    const intro = within(dialog).getByRole('radio', { name: /Intro/ });
    expect(intro.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(intro);
    await waitFor(() => expect(intro.getAttribute('aria-checked')).toBe('true'));
    expect(full.getAttribute('aria-checked')).toBe('false');
  });
});

it("an unknown course's page says course, not challenge", async () => {
  server.use(...apiHandlers(null));
  await renderWithFlows('/course/nothing-here');
  expect(await screen.findByRole('heading', { level: 1, name: 'Join the course' })).toBeTruthy();
});
