import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractHttp } from '../../contract-http.ts';
import { member } from '../render-app.tsx';
import { server } from '../server.ts';
import { logIn, loginAnswers, modal, serveTheModalsApi } from './signup-modal.dom.tsx';
import { apiHandlers, renderWithFlows } from './signup-modal.fixtures.tsx';

serveTheModalsApi();

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
